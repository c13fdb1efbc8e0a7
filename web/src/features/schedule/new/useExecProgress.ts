import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { postJson } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/envelope';
import { scheduleKey } from '../api';
import { isFinished } from '../execStatus';

/** A generation job as its execution log tells it. */
export interface ExecDetail {
  execIdx: number;
  execNm?: string;
  status: number;
  progress: number;
  groups?: number;
  days?: number;
  error?: string | null;
  createdAt?: string;
  finishedAt?: string | null;
  uName?: string;
}

/** How often a running generation is asked about. */
export const EXEC_POLL_MS = 1_000;

/**
 * Follows a generation until it is done or failed: asked every second while it runs, never again
 * once it has ended; the schedule data shown elsewhere is refreshed when it ends.
 */
export function useExecProgress(execIdx: number | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['schedule/exec', execIdx],
    queryFn: async () => unwrap(await postJson<ExecDetail>('/api/schedule/schedule/jsonExecDetail.do', { execIdx })),
    enabled: execIdx !== null,
    refetchInterval: (current) => (current.state.data && isFinished(current.state.data.status) ? false : EXEC_POLL_MS),
    // A failed ask is alerted already; following a job gives up rather than alerting every second.
    retry: false,
  });
  const finished = query.data !== undefined && isFinished(query.data.status);
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: scheduleKey });
  }, [finished, queryClient]);
  return query;
}
