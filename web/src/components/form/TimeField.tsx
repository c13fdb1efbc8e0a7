import { TimePicker } from 'antd';
import dayjs from 'dayjs';

const TIME_FORMAT = 'HH:mm';

interface TimeFieldProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
}

/** A time of day picked to the minute, held as "HH:MM" text as the server reads and writes it. */
export function TimeField({ id, value, onChange, disabled }: TimeFieldProps) {
  const parsed = value ? dayjs(`2000-01-01T${value}`) : null;
  return (
    <TimePicker
      id={id}
      format={TIME_FORMAT}
      needConfirm={false}
      value={parsed?.isValid() ? parsed : null}
      onChange={(time) => onChange?.(time ? time.format(TIME_FORMAT) : null)}
      disabled={disabled}
      placeholder="시:분"
      style={{ width: '100%' }}
    />
  );
}
