import { SearchOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { Row } from '../common/listTypes';
import { labelsOf, type PopupDefinition } from './definition';
import { usePopupAllowed } from './popupApi';
import { NOT_ALLOWED } from './PopupField';
import { SearchPopup } from './SearchPopup';

interface PopupManyFieldProps {
  popup: PopupDefinition;
  /** Conditions every search carries; null while they cannot be known, which disables the field. */
  conditions?: object | null;
  disabled?: boolean;
  /** Rows naming the stored values (a post's groups with their names), for their labels. */
  known?: unknown;
  id?: string;
  value?: unknown[] | null;
  onChange?: (value: unknown[]) => void;
}

/** Several ids picked in a search popup, shown as tags that can be taken off one by one. */
export function PopupManyField({ popup, conditions, disabled: disabledByForm, known, id, value, onChange }: PopupManyFieldProps) {
  const [open, setOpen] = useState(false);
  const [labels, setLabels] = useState<Record<string, string>>(() => labelsOf(popup, known));
  const allowed = usePopupAllowed(popup);
  const disabled = disabledByForm || conditions === null || !allowed;
  const chosen = value ?? [];

  const add = (rows: Row[]) => {
    setLabels((named) => ({ ...named, ...labelsOf(popup, rows) }));
    const fresh = rows.map((row) => row[popup.valueField]).filter((picked) => !chosen.some((kept) => String(kept) === String(picked)));
    onChange?.([...chosen, ...fresh]);
  };

  return (
    <div id={id} className="popup-many-field">
      <Space wrap>
        {chosen.map((picked) => (
          <Tag
            key={String(picked)}
            closable={!disabled}
            onClose={() => onChange?.(chosen.filter((other) => other !== picked))}
          >
            {labels[String(picked)] ?? String(picked)}
          </Tag>
        ))}
        {allowed ? (
          <Button icon={<SearchOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
            {popup.title} 검색
          </Button>
        ) : (
          chosen.length === 0 && <Typography.Text type="secondary">{NOT_ALLOWED}</Typography.Text>
        )}
      </Space>
      <SearchPopup definition={popup} open={open} conditions={conditions ?? undefined} onClose={() => setOpen(false)} onPickMany={add} />
    </div>
  );
}
