import { Checkbox } from 'antd';
import { useCodeList } from './useCodeList';

interface CodeChecksProps {
  cdKey: string;
  id?: string;
  value?: string[] | null;
  onChange?: (value: string[]) => void;
  disabled?: boolean;
}

/** Several codes of one group, one checkbox each, kept in the group's order. */
export function CodeChecks({ cdKey, value, onChange, disabled }: CodeChecksProps) {
  const { data = [] } = useCodeList(cdKey);
  const order = data.map((item) => item.cdCode);
  return (
    <Checkbox.Group
      value={value ?? []}
      disabled={disabled}
      options={data.map((item) => ({ value: item.cdCode, label: item.cdName }))}
      onChange={(checked) => onChange?.(order.filter((code) => checked.includes(code)))}
    />
  );
}
