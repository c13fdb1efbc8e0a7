import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../lib/api/client';
import { unwrap } from '../../lib/api/envelope';
import { postMultipart, type FilePart } from '../../lib/api/upload';
import type { ListPage, ListQuery, ResourceDefinition, Row } from './definition';

const url = (definition: ResourceDefinition, action: string) => `/api/${definition.apiPath}/${action}.do`;

/** Query keys start with the api path, so one invalidation refreshes every list and detail of a resource. */
export const resourceKey = (definition: Pick<ResourceDefinition, 'apiPath'>) => [definition.apiPath] as const;

async function fetchList(definition: ResourceDefinition, query: ListQuery): Promise<ListPage> {
  const { filters, ...paging } = query;
  const nonEmptyFilters = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
  return unwrap(await postJson<ListPage>(url(definition, definition.listAction ?? 'jsonList'), { ...nonEmptyFilters, ...paging }));
}

/** The id a singleton's screens use: its one row is the caller's own, asked for without an id. */
export const OWN_ROW = 'own';

async function fetchDetail(definition: ResourceDefinition, id: string): Promise<Row> {
  const body = definition.singleton ? {} : { [definition.idField]: parseId(definition, id) };
  return unwrap(await postJson<Row>(url(definition, 'jsonDetail'), body));
}

export interface SaveRequest {
  row: Row;
  /** With files the save goes as multipart, reporting upload progress. */
  files?: FilePart[];
  onProgress?: (percent: number) => void;
}

/**
 * Creates the row when it has no id, else updates it; answers at least the id. Saves with files, and
 * every save of a multipart resource, go as multipart with the row in the part `data`.
 */
export async function saveRow(definition: ResourceDefinition, { row, files = [], onProgress }: SaveRequest): Promise<Row> {
  const target = url(definition, 'jsonSave');
  const multipart = files.length > 0 || definition.saveAs === 'multipart';
  const envelope = multipart ? await postMultipart<Row>(target, row, files, onProgress) : await postJson<Row>(target, row);
  return unwrap(envelope) ?? {};
}

async function deleteRows(definition: ResourceDefinition, ids: unknown[]): Promise<void> {
  unwrap(await postJson(url(definition, 'jsonDelete'), { ids }));
}

/** An id read from the address bar, in the type the server expects. */
export function parseId(definition: ResourceDefinition, id: string): string | number {
  return definition.idType === 'number' ? Number(id) : id;
}

/**
 * How long until the rows shown are asked again: every `refreshSeconds`, or with `refreshWhile` only
 * while a row shown holds it; never (false) otherwise.
 */
export function refreshInterval(definition: ResourceDefinition, shown: Row[] | undefined): number | false {
  if (!definition.refreshSeconds) return false;
  if (definition.refreshWhile && !(shown ?? []).some(definition.refreshWhile)) return false;
  return definition.refreshSeconds * 1000;
}

/** A page of the list; asked only while `enabled` (its conditions are valid), again as `refreshInterval` says. */
export function useResourceList(definition: ResourceDefinition, query: ListQuery, enabled = true) {
  return useQuery({
    queryKey: [...resourceKey(definition), 'list', definition.listAction ?? 'jsonList', query],
    queryFn: () => fetchList(definition, query),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: (current) => refreshInterval(definition, current.state.data?.list),
  });
}

/** One row; asked again while it holds the definition's `refreshWhile` (a row changing by itself). */
export function useResourceDetail(definition: ResourceDefinition, id: string | null) {
  return useQuery({
    queryKey: [...resourceKey(definition), 'detail', id],
    queryFn: () => fetchDetail(definition, id as string),
    enabled: id !== null,
    refetchInterval: (current) => (definition.refreshWhile && current.state.data ? refreshInterval(definition, [current.state.data]) : false),
  });
}

export function useSaveResource(definition: ResourceDefinition) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveRequest) => saveRow(definition, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKey(definition) }),
  });
}

export function useDeleteResource(definition: ResourceDefinition) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: unknown[]) => deleteRows(definition, ids),
    onSuccess: async () => {
      // The screen of a deleted row is still open while this runs: refetching it would only answer
      // "not found". Details are marked stale instead, and refetched when next opened.
      await queryClient.invalidateQueries({ queryKey: [...resourceKey(definition), 'detail'], refetchType: 'none' });
      await queryClient.invalidateQueries({
        queryKey: resourceKey(definition),
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
    },
  });
}
