import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../lib/api/client';
import { unwrap } from '../../lib/api/envelope';
import { alertMessage } from '../../lib/notify';

export interface CodeItem {
  cdCode: string;
  cdName: string;
}

export const MISSING_CODE_KEY_MESSAGE = '일치하는 코드 키가 없습니다.';

// Under the common-code resource's key, so saving a code refreshes every label.
const codeListKey = (cdKey: string) => ['system/code', 'codeKey', cdKey] as const;

export async function fetchCodeList(cdKey: string): Promise<CodeItem[]> {
  const { list } = unwrap(await postJson<{ list: CodeItem[] }>('/api/system/code/jsonCodeKey.do', { cdKey }));
  if (list.length === 0) alertMessage(MISSING_CODE_KEY_MESSAGE);
  return list;
}

/** The codes of one group (cdKey), fetched once and shared by every label and select on the page. */
export function useCodeList(cdKey: string) {
  return useQuery({ queryKey: codeListKey(cdKey), queryFn: () => fetchCodeList(cdKey), staleTime: 10 * 60_000 });
}
