import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { postJson } from '../../../../lib/api/client';
import { unwrap } from '../../../../lib/api/envelope';
import { CLOSED } from '../closingStatus';
import { closingKey, refreshSettlement } from './settlementKeys';

/** How the closing of a month goes. */
export interface ClosingProgress {
  month: string;
  /** 0 open, 1 closed. */
  status: number;
  /** The closing job is queued or running (the month refuses changes meanwhile). */
  closing?: boolean;
  /** 0-100. */
  progress: number;
  error: string | null;
}

/** How often a closing under way is asked about. */
export const CLOSING_POLL_MS = 1_000;

/** A closing has ended: the month is closed, the job failed, or no job is running any more. */
export function closingEnded(progress: ClosingProgress | undefined): boolean {
  if (progress === undefined) return false;
  return Number(progress.status) === CLOSED || (progress.error ?? null) !== null || progress.closing === false;
}

export async function getClosingProgress(month: string): Promise<ClosingProgress> {
  return unwrap(await postJson<ClosingProgress>('/api/settlement/closing/jsonProgress.do', { month }));
}

/**
 * Follows the closing of a month until it is closed or has failed: asked every second meanwhile,
 * never again once it has ended; the settlement lists are refreshed when it ends.
 */
export function useClosingProgress(month: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...closingKey, 'progress', month],
    queryFn: () => getClosingProgress(month as string),
    enabled: month !== null,
    refetchInterval: (current) => (closingEnded(current.state.data) ? false : CLOSING_POLL_MS),
    // Following a job gives up on a failed ask rather than alerting every second.
    retry: false,
    staleTime: 0,
  });
  const ended = closingEnded(query.data);
  useEffect(() => {
    if (ended) void refreshSettlement(queryClient);
  }, [ended, queryClient]);
  return query;
}
