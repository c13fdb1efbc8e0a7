import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../../lib/api/client';
import { unwrap } from '../../../../lib/api/envelope';
import { closingKey } from './settlementKeys';

/** What a close answers at once: the month's figures (api.md) and the job that stores its rows. */
export interface CloseAnswer {
  month: string;
  jobId?: number | string;
  campaigns?: number;
  revenue?: number;
}

export async function closeMonth(month: string): Promise<CloseAnswer> {
  return unwrap(await postJson<CloseAnswer>('/api/settlement/closing/jsonClose.do', { month }));
}

/** Starts closing a month (managers); its progress is followed with `useClosingProgress`. */
export function useCloseMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeMonth,
    onSuccess: async (_answer, month) => {
      // A month closed before, then reopened: what was known of its last closing is no guide to this one.
      queryClient.removeQueries({ queryKey: [...closingKey, 'progress', month] });
      await queryClient.invalidateQueries({ queryKey: closingKey });
    },
  });
}
