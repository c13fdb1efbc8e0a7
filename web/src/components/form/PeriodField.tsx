import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

const DAY_FORMAT = 'YYYY-MM-DD';

interface PeriodFieldProps {
  id?: string;
  /** The first and last day, "YYYY-MM-DD", as the server reads them. */
  value?: [string, string] | null;
  onChange?: (value: [string, string] | null) => void;
  disabled?: boolean;
  /** Days before this one cannot be picked (today, for a period still to come). */
  notBefore?: string;
}

/** A period of whole days picked on one calendar, held as two "YYYY-MM-DD" texts. */
export function PeriodField({ id, value, onChange, disabled, notBefore }: PeriodFieldProps) {
  const parsed = value ? ([dayjs(value[0], DAY_FORMAT), dayjs(value[1], DAY_FORMAT)] as [Dayjs, Dayjs]) : null;
  const floor = notBefore ? dayjs(notBefore, DAY_FORMAT) : null;
  return (
    <DatePicker.RangePicker
      id={id}
      value={parsed && parsed[0].isValid() && parsed[1].isValid() ? parsed : null}
      format={DAY_FORMAT}
      disabled={disabled}
      placeholder={['시작일', '종료일']}
      disabledDate={floor ? (day) => day.isBefore(floor, 'day') : undefined}
      onChange={(days) => onChange?.(days?.[0] && days[1] ? [days[0].format(DAY_FORMAT), days[1].format(DAY_FORMAT)] : null)}
      style={{ width: '100%' }}
    />
  );
}
