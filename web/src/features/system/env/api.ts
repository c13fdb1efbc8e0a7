import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceKey } from '../../../components/resource/resourceApi';
import type { Row } from '../../../components/resource/definition';
import { postJson } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/envelope';
import { envDefinition } from './definition';

/** An environment variable found by its key, for links that name the key rather than the row. */
export function useEnvByKey(envKey: string | null) {
  return useQuery({
    queryKey: [...resourceKey(envDefinition), 'byKey', envKey],
    queryFn: async () => unwrap(await postJson<Row>('/api/system/env/jsonDetailByKey.do', { envKey })),
    enabled: envKey !== null,
  });
}

/** Restores every variable to its default value. */
export function useRestoreEnvDefaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await postJson('/api/system/env/jsonInit.do', {})),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKey(envDefinition) }),
  });
}
