import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { CSSProperties } from 'react';

const MONTH_FORMAT = 'YYYY-MM';

interface MonthFieldProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
  style?: CSSProperties;
}

/** A month picked on a calendar, held as "YYYY-MM" text; emptied to ''. */
export function MonthField({ id, value, onChange, disabled, style }: MonthFieldProps) {
  const parsed = value ? dayjs(`${value}-01`) : null;
  return (
    <DatePicker
      id={id}
      picker="month"
      value={parsed?.isValid() ? parsed : null}
      format={MONTH_FORMAT}
      onChange={(month) => onChange?.(month ? month.format(MONTH_FORMAT) : '')}
      disabled={disabled}
      placeholder="월 선택"
      style={style}
    />
  );
}
