import { Select, type SelectProps } from 'antd';
import { useCodeList } from './useCodeList';

type CodeSelectProps = Omit<SelectProps<string>, 'options' | 'loading'> & { cdKey: string };

/** A choice among the codes of one group, labelled by their names. */
export function CodeSelect({ cdKey, ...props }: CodeSelectProps) {
  const { data, isLoading } = useCodeList(cdKey);
  return (
    <Select<string>
      loading={isLoading}
      options={data?.map((item) => ({ value: item.cdCode, label: item.cdName }))}
      {...props}
    />
  );
}
