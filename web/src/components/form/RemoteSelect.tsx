import { Select } from 'antd';
import type { CSSProperties } from 'react';
import type { OptionSource, Row } from '../resource/definition';
import { useOptions } from './useOptions';

interface RemoteSelectProps {
  source: OptionSource;
  /** The form's current values, which the options may depend on. */
  values: Row;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  style?: CSSProperties;
}

/** One value among the options a call answers; emptied to null; not to be chosen while the call cannot be asked. */
export function RemoteSelect({ source, values, id, value, onChange, disabled, style }: RemoteSelectProps) {
  const { data = [], isFetching } = useOptions(source, values);
  return (
    <Select<string>
      id={id}
      loading={isFetching}
      allowClear
      disabled={disabled || source.body(values) === null}
      style={style}
      placeholder={source.emptyLabel ?? '선택'}
      value={value === null || value === undefined || value === '' ? undefined : String(value)}
      options={data.map((option) => ({ value: String(option.value), label: option.label }))}
      onChange={(chosen) => {
        const option = data.find((candidate) => String(candidate.value) === chosen);
        onChange?.(option ? option.value : null);
      }}
    />
  );
}
