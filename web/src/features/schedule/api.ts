import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../lib/api/client';
import { unwrap } from '../../lib/api/envelope';
import type { DailyLoop } from './loop';

const SCHEDULE = '/api/schedule/schedule';

/** Schedule data lives under one key: a generation, a change or a regeneration refreshes all of it. */
export const scheduleKey = ['schedule/schedule'] as const;

/** The loop of a group on a day; asked once both are chosen. */
export function useDailyLoop(mgId: number | null, date: string | null) {
  return useQuery({
    queryKey: [...scheduleKey, 'daily', mgId, date],
    queryFn: async () => unwrap(await postJson<DailyLoop>(`${SCHEDULE}/jsonDaily.do`, { mgId, date })),
    enabled: mgId !== null && date !== null,
  });
}

/** A call answering the day anew (an override, a regeneration): the answer replaces the day shown. */
function useDayChange<B extends { mgId: number; date: string }>(action: 'jsonModify' | 'jsonInit') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: B) => unwrap(await postJson<DailyLoop>(`${SCHEDULE}/${action}.do`, body)),
    onSuccess: async (day, body) => {
      queryClient.setQueryData([...scheduleKey, 'daily', body.mgId, body.date], day);
      await queryClient.invalidateQueries({ queryKey: scheduleKey, predicate: (query) => query.queryKey[1] !== 'daily' });
    },
  });
}

/** Plays `matId` in the slot at `seq` that day. */
export const useModifySlot = () => useDayChange<{ mgId: number; date: string; seq: number; matId: number }>('jsonModify');

/** Regenerates the day, dropping its overrides. */
export const useRegenerateDay = () => useDayChange<{ mgId: number; date: string }>('jsonInit');
