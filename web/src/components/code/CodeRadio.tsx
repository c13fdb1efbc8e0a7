import { Radio } from 'antd';
import { useCodeList } from './useCodeList';

interface CodeRadioProps {
  cdKey: string;
  /** The server stores the code as a number, while code lists hold text. */
  valueType?: 'number';
  /** Only these codes of the group; all of them without it. */
  codes?: string[];
  id?: string;
  value?: string | number | null;
  onChange?: (value: string | number) => void;
  disabled?: boolean;
}

/** One code of a short group, every choice in sight (a platform, a rate). */
export function CodeRadio({ cdKey, valueType, codes, id, value, onChange, disabled }: CodeRadioProps) {
  const { data = [] } = useCodeList(cdKey);
  const offered = codes ? data.filter((item) => codes.includes(item.cdCode)) : data;
  return (
    <Radio.Group
      id={id}
      optionType="button"
      disabled={disabled}
      value={value === null || value === undefined ? undefined : String(value)}
      options={offered.map((item) => ({ value: item.cdCode, label: item.cdName }))}
      onChange={(event) => onChange?.(valueType === 'number' ? Number(event.target.value) : String(event.target.value))}
    />
  );
}
