import { PlusOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { RegionName } from './RegionName';
import { RegionSelect } from './RegionSelect';
import { ancestorAt } from './regionApi';

interface RegionsFieldProps {
  id?: string;
  /** The regions chosen, as 10-digit legal-dong codes. */
  value?: string[] | null;
  onChange?: (value: string[]) => void;
  /**
   * The level the regions are held at (1 sido, 2 sigungu): a deeper pick is kept as the region of
   * that level holding it, a shallower one is refused.
   */
  level?: 1 | 2;
  disabled?: boolean;
}

/** Whether a legal-dong code names a region at least this deep (its digits of that level are not all zero). */
export function reachesLevel(code: string, level: 1 | 2): boolean {
  return level === 1 ? /^\d{10}$/.test(code) && code.slice(0, 2) !== '00' : /^\d{10}$/.test(code) && code.slice(2, 5) !== '000';
}

/** Several regions, each picked down the levels or found by name and added as a tag. */
export function RegionsField({ id, value, onChange, level, disabled }: RegionsFieldProps) {
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = value ?? [];
  const tooShallow = picked !== null && level !== undefined && !reachesLevel(picked, level);
  const adding = picked === null || tooShallow ? null : level === undefined ? picked : ancestorAt(picked, level);

  const add = () => {
    if (adding === null) return;
    if (!chosen.includes(adding)) onChange?.([...chosen, adding]);
    setPicked(null);
  };

  return (
    <div id={id} className="regions-field">
      <Space wrap>
        <RegionSelect value={picked} onChange={setPicked} disabled={disabled} />
        <Button icon={<PlusOutlined />} onClick={add} disabled={disabled || adding === null}>
          지역 추가
        </Button>
      </Space>
      {tooShallow && <Typography.Text type="warning">시군구까지 선택해 주세요.</Typography.Text>}
      <div className="regions-field-chosen">
        {chosen.map((code) => (
          <Tag key={code} closable={!disabled} onClose={() => onChange?.(chosen.filter((other) => other !== code))}>
            <RegionName code={code} />
          </Tag>
        ))}
      </div>
    </div>
  );
}
