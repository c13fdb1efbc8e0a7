import { DatePicker } from 'antd';
import dayjs from 'dayjs';

const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

interface DateTimeFieldProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  placeholder?: string;
}

/** A moment picked to the minute on a calendar, held as "YYYY-MM-DD HH:MM:SS" text as the server reads it. */
export function DateTimeField({ id, value, onChange, disabled, placeholder }: DateTimeFieldProps) {
  const parsed = value ? dayjs(value) : null;
  return (
    <DatePicker
      id={id}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      // A typed moment is kept on leaving the field, as the time fields do; no OK button to press.
      needConfirm={false}
      value={parsed?.isValid() ? parsed : null}
      onChange={(moment) => onChange?.(moment ? moment.second(0).format(DATE_TIME_FORMAT) : null)}
      disabled={disabled}
      placeholder={placeholder ?? '일시 선택'}
      style={{ width: '100%' }}
    />
  );
}
