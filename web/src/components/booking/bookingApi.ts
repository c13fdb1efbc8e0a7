import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { postJson } from '../../lib/api/client';
import { unwrap } from '../../lib/api/envelope';
import { useDebounced } from '../../lib/useDebounced';
import type { Row } from '../resource/definition';
import { availabilityRange, type AvailabilityDay } from './availability';
import type { Conflict } from './conflicts';
import type { Quote } from './quoteLines';

/** A live preview is asked this long after the last change. */
export const LIVE_DELAY_MS = 300;

export interface QuoteAnswer extends Quote {
  conflicts?: Conflict[];
}

/**
 * The price of the campaign being written: asked once the inputs have settled, keyed by them, the
 * previous price kept on screen meanwhile. Refusals are not alerted: the panel shows them.
 */
export function useQuote(body: Row | null) {
  const settled = useDebounced(body, LIVE_DELAY_MS);
  const query = useQuery({
    queryKey: ['campaign', 'quote', settled],
    queryFn: async () => unwrap(await postJson<QuoteAnswer>('/api/campaign/regist/jsonQuote.do', settled ?? {}, { alert: false })),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
  // Typing ahead of the settled inputs: what shows is about to change.
  const settling = JSON.stringify(body) !== JSON.stringify(settled);
  return { ...query, settling, asked: body !== null };
}

/**
 * Free and sold slots per day of the groups over the period (its first 366 days), the campaign's own
 * holds left out when it has an id.
 */
export function useAvailability(mgIds: number[], period: [string, string] | null | undefined, cmpgId?: number | null) {
  const range = availabilityRange(period);
  const body =
    range && mgIds.length > 0
      ? { mgIds: [...mgIds].sort((a, b) => a - b), fromDate: range.fromDate, toDate: range.toDate, ...(cmpgId ? { cmpgId } : {}) }
      : null;
  const settled = useDebounced(body, LIVE_DELAY_MS);
  const query = useQuery({
    queryKey: ['campaign', 'availability', settled],
    queryFn: async () =>
      unwrap(await postJson<{ list: AvailabilityDay[] }>('/api/campaign/regist/jsonAvailability.do', settled ?? {}, { alert: false })).list,
    enabled: settled !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
  return { ...query, clipped: range?.clipped ?? false };
}
