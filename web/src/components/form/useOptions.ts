import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../lib/api/client';
import { unwrap } from '../../lib/api/envelope';
import type { OptionSource, Row } from '../resource/definition';

export interface Option {
  value: unknown;
  label: string;
}

/** The options a call offers for the form's current values; none while the call cannot be asked. */
export function useOptions(source: OptionSource, values: Row) {
  const body = source.body(values);
  return useQuery({
    queryKey: ['options', source.url, body],
    queryFn: async (): Promise<Option[]> => {
      const { list } = unwrap(await postJson<{ list: Row[] }>(source.url, body ?? {}));
      return list.map((row) => ({ value: row[source.valueField], label: String(row[source.labelField] ?? '') }));
    },
    enabled: body !== null,
    staleTime: 60_000,
  });
}
