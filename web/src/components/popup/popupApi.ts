import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { postJson } from '../../lib/api/client';
import { unwrap } from '../../lib/api/envelope';
import type { Row } from '../common/listTypes';
import { useSessionUser } from '../../lib/session/sessionStore';
import { allows, POPUP_PAGE_SIZE, type PopupDefinition } from './definition';

export interface PopupPage {
  list: Row[];
  totalCount: number;
}

/**
 * The request of a popup's search: what the user typed, then the conditions of the place it opens
 * from and of the popup itself, which typing cannot override.
 */
export function popupRequest(definition: PopupDefinition, filters: Record<string, string>, page: number, conditions: object = {}): object {
  const typed = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
  const searched = { ...typed, ...conditions, ...definition.conditions };
  return definition.paged ? { ...searched, page, pageSize: POPUP_PAGE_SIZE } : searched;
}

async function fetchPopupPage(definition: PopupDefinition, filters: Record<string, string>, page: number, conditions?: object): Promise<PopupPage> {
  const body = popupRequest(definition, filters, page, conditions);
  const data = unwrap(await postJson<{ list: Row[]; totalCount?: number }>(definition.url, body));
  return { list: data.list, totalCount: data.totalCount ?? data.list.length };
}

/** One page of a popup's list (every match for unpaged lists), asked only while the popup is open. */
export function usePopupList(definition: PopupDefinition, filters: Record<string, string>, page: number, open: boolean, conditions?: object) {
  return useQuery({
    queryKey: ['popup', definition.url, definition.conditions, conditions, filters, definition.paged ? page : 0],
    queryFn: () => fetchPopupPage(definition, filters, page, conditions),
    enabled: open,
    placeholderData: keepPreviousData,
  });
}

/** Whether the signed-in user may search in the popup. */
export function usePopupAllowed(definition: PopupDefinition | undefined): boolean {
  const user = useSessionUser();
  return definition !== undefined && allows(user?.programCodeList, definition.permission);
}

/**
 * The label of a stored value, asked only when the value is set, its label unknown, and the user
 * may ask (the value shows as it is otherwise).
 */
export function usePopupLabel(definition: PopupDefinition | undefined, value: unknown, needed: boolean) {
  const user = useSessionUser();
  const lookup = definition?.labelLookup && allows(user?.programCodeList, definition.labelLookup.permission) ? definition.labelLookup : undefined;
  return useQuery({
    queryKey: ['popupLabel', lookup?.url, value],
    queryFn: async () => {
      const data = unwrap(await postJson<Row & { list?: Row[] }>(lookup!.url, lookup!.body(value)));
      const row = Array.isArray(data.list) ? data.list[0] : data;
      return row && definition ? String(row[definition.labelField] ?? '') : '';
    },
    enabled: needed && lookup !== undefined && value !== null && value !== undefined && value !== '',
    staleTime: 5 * 60_000,
  });
}
