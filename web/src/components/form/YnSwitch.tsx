import { Switch } from 'antd';

interface YnSwitchProps {
  id?: string;
  value?: string | null;
  onChange?: (value: 'Y' | 'N') => void;
  disabled?: boolean;
}

/** A yes/no setting stored as "Y" or "N". */
export function YnSwitch({ id, value, onChange, disabled }: YnSwitchProps) {
  return (
    <Switch
      id={id}
      checked={value === 'Y'}
      onChange={(checked) => onChange?.(checked ? 'Y' : 'N')}
      disabled={disabled}
      checkedChildren="예"
      unCheckedChildren="아니오"
    />
  );
}
