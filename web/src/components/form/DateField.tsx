import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { CSSProperties } from 'react';

const DAY_FORMAT = 'YYYY-MM-DD';

interface DateFieldProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** What an emptied field holds: null in forms, '' in search conditions. */
  emptyValue?: string | null;
  disabled?: boolean;
  placeholder?: string;
  style?: CSSProperties;
}

/** A day picked on a calendar, held as "YYYY-MM-DD" text as the server reads and writes it. */
export function DateField({ id, value, onChange, emptyValue = null, disabled, placeholder, style }: DateFieldProps) {
  const parsed = value ? dayjs(value, DAY_FORMAT) : null;
  return (
    <DatePicker
      id={id}
      value={parsed?.isValid() ? parsed : null}
      format={DAY_FORMAT}
      onChange={(day) => onChange?.(day ? day.format(DAY_FORMAT) : emptyValue)}
      disabled={disabled}
      placeholder={placeholder ?? '날짜 선택'}
      style={style}
    />
  );
}
