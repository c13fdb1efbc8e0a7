import { Select, type SelectProps } from 'antd';
import { useCodeList } from './useCodeList';

type CodeSelectProps = Omit<SelectProps<string>, 'options' | 'loading'> & {
  cdKey: string;
  /** Only these codes of the group, in the group's order; all of them without it. */
  codes?: string[];
};

/** A choice among the codes of one group, labelled by their names. */
export function CodeSelect({ cdKey, codes, ...props }: CodeSelectProps) {
  const { data, isLoading } = useCodeList(cdKey);
  const offered = codes ? data?.filter((item) => codes.includes(item.cdCode)) : data;
  return (
    <Select<string>
      loading={isLoading}
      options={offered?.map((item) => ({ value: item.cdCode, label: item.cdName }))}
      {...props}
    />
  );
}
