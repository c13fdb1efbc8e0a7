import type { QueryClient } from '@tanstack/react-query';

/** The lists a closing or a reopening changes: the months, and every settlement list of a month. */
const SETTLEMENT_PATHS = ['settlement/closing', 'settlement/media', 'settlement/sales', 'campaign/jungsan'];

export const closingKey = ['settlement/closing'] as const;

/**
 * Asks every settlement list shown again: a month was closed or reopened. The progress of a closing
 * is left alone: it is what told the closing ended.
 */
export function refreshSettlement(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => SETTLEMENT_PATHS.includes(String(queryKey[0])) && queryKey[1] !== 'progress',
  });
}
