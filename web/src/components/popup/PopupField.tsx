import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import type { Row } from '../common/listTypes';
import { popupLabel, type PopupDefinition } from './definition';
import { usePopupAllowed, usePopupLabel } from './popupApi';
import { SearchPopup } from './SearchPopup';

/** What an empty field says to a user who may not search for its value. */
export const NOT_ALLOWED = '검색 권한이 없습니다.';

interface PopupFieldProps {
  popup: PopupDefinition;
  /** The label of the value the field starts with, when the row already names it. */
  initialLabel?: string;
  /** Stores the picked value as text (search conditions live in the address as text). */
  asText?: boolean;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  /** Also told the whole picked row, for fields that follow it. */
  onPickRow?: (row: Row) => void;
  /** Conditions every search carries; null while they cannot be known, which disables the field. */
  conditions?: object | null;
}

/**
 * A form control storing an id picked in a search popup, showing the picked row's label; to a user
 * who may not search there, it shows the value it holds and offers no search.
 */
export function PopupField({ popup, initialLabel, asText, disabled: disabledByForm, placeholder, id, value, onChange, onPickRow, conditions }: PopupFieldProps) {
  const allowed = usePopupAllowed(popup);
  const disabled = disabledByForm || conditions === null || !allowed;
  const [open, setOpen] = useState(false);
  // The label of a value picked here; a value coming from elsewhere is shown by its initial or looked-up label.
  const [picked, setPicked] = useState<{ value: unknown; label: string } | null>(null);
  const empty = value === null || value === undefined || value === '';
  const pickedLabel = picked && picked.value === value ? picked.label : undefined;
  const known = pickedLabel ?? (initialLabel || undefined);
  const { data: lookedUp } = usePopupLabel(popup, value, !empty && known === undefined);
  const shown = empty ? '' : (known ?? (lookedUp || String(value)));

  const pick = (row: Row) => {
    const raw = row[popup.valueField];
    const next = asText ? String(raw) : raw;
    setPicked({ value: next, label: popupLabel(popup, row) });
    onChange?.(next);
    onPickRow?.(row);
  };

  return (
    <>
      <Space.Compact className="popup-field">
        <Input
          id={id}
          value={shown}
          readOnly
          disabled={disabled}
          placeholder={allowed ? (placeholder ?? `${popup.title} 검색`) : NOT_ALLOWED}
          onClick={() => !disabled && setOpen(true)}
          suffix={
            !empty && !disabled ? (
              <CloseCircleFilled
                className="popup-field-clear"
                aria-label="선택 해제"
                onClick={(event) => {
                  event.stopPropagation();
                  onChange?.(asText ? '' : null);
                }}
              />
            ) : (
              <span />
            )
          }
        />
        {allowed && <Button icon={<SearchOutlined />} disabled={disabled} onClick={() => setOpen(true)} aria-label={`${popup.title} 검색`} />}
      </Space.Compact>
      <SearchPopup definition={popup} open={open} conditions={conditions ?? undefined} onClose={() => setOpen(false)} onPick={pick} />
    </>
  );
}
