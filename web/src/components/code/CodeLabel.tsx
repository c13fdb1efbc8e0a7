import { useCodeList } from './useCodeList';

/** The name of a code value within its group; the raw value until the names arrive or when unknown. */
export function CodeLabel({ cdKey, value }: { cdKey: string; value: unknown }) {
  const { data } = useCodeList(cdKey);
  if (value === null || value === undefined || value === '') return null;
  const code = String(value);
  return <>{data?.find((item) => item.cdCode === code)?.cdName ?? code}</>;
}
