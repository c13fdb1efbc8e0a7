import { useQuery } from '@tanstack/react-query';
import type { Row } from '../../components/resource/definition';
import { postJson } from '../../lib/api/client';
import { unwrap } from '../../lib/api/envelope';

export interface DashNotice {
  ntIdx: number;
  ntTitle: string;
  createdAt: string;
}

/** The latest current notices for the home page (any signed-in user), under the notice resource's key. */
export function useDashNotices() {
  return useQuery({
    queryKey: ['system/notice', 'dash'],
    queryFn: async () => unwrap(await postJson<{ list: DashNotice[] }>('/api/system/notice/jsonDashList.do', {})).list,
  });
}

/** One notice as the home page opens it (any signed-in user). */
export function useDashNotice(ntIdx: number | null) {
  return useQuery({
    queryKey: ['system/notice', 'dash', ntIdx],
    queryFn: async () => unwrap(await postJson<Row>('/api/system/notice/jsonDashDetail.do', { ntIdx })),
    enabled: ntIdx !== null,
  });
}
