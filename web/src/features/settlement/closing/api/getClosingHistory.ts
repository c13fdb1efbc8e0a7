import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../../../lib/api/client';
import { unwrap } from '../../../../lib/api/envelope';
import { closingKey } from './settlementKeys';

/** One closing or reopening of a month. */
export interface ClosingEvent {
  action: 'close' | 'reopen';
  reason: string | null;
  uName: string | null;
  createdAt: string;
  campaigns: number | null;
  revenue: number | null;
}

export async function getClosingHistory(month: string): Promise<ClosingEvent[]> {
  return unwrap(await postJson<{ list: ClosingEvent[] }>('/api/settlement/closing/jsonHistory.do', { month })).list;
}

/** The closings and reopenings of a month; asked while a month is chosen. */
export function useClosingHistory(month: string | null) {
  return useQuery({
    queryKey: [...closingKey, 'history', month],
    queryFn: () => getClosingHistory(month as string),
    enabled: month !== null,
  });
}
