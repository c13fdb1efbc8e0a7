import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../lib/api/client';
import { unwrap } from '../../lib/api/envelope';
import type { ResourceDefinition } from './definition';
import { resourceKey } from './resourceApi';

/**
 * Data about one row from a call of its resource (contacts, login details, users of a corp). Under the
 * resource's key, so a save or an action on the resource refreshes it too.
 */
export function useRelated<T>(definition: ResourceDefinition, url: string, body: object) {
  return useQuery({
    queryKey: [...resourceKey(definition), 'related', url, body],
    queryFn: async () => unwrap(await postJson<T>(url, body)),
  });
}

/** A call changing the row (status, unlock, password, contacts); every view of the resource is refreshed after it. */
export function useRowCall(definition: Pick<ResourceDefinition, 'apiPath'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ url, body }: { url: string; body: object }) => unwrap(await postJson<unknown>(url, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKey(definition) }),
  });
}
