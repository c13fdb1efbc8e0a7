import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../../lib/api/client';
import { unwrap } from '../../../../lib/api/envelope';
import { refreshSettlement } from './settlementKeys';

export async function reopenMonth(body: { month: string; reason: string }): Promise<{ month: string }> {
  return unwrap(await postJson<{ month: string }>('/api/settlement/closing/jsonReopen.do', body));
}

/** Reopens a closed month with its reason (managers): its stored rows go, the lists compute live again. */
export function useReopenMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenMonth,
    onSuccess: () => refreshSettlement(queryClient),
  });
}
