import { DEFAULT_PAGE_SIZE, type ListQuery, type ResourceDefinition } from './definition';

/**
 * The list's state lives in the address (page, sort, filters), so reloading, sharing a link or coming
 * back from a detail screen shows the same page. Unknown sort fields are ignored, not sent.
 */
export function readListQuery(params: URLSearchParams, definition: ResourceDefinition): ListQuery {
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const sortable = definition.columns.filter((column) => column.sortable).map((column) => column.field);
  const sortField = params.get('sortField') ?? '';
  const sortOrder = params.get('sortOrder');
  const sorted = sortable.includes(sortField) && (sortOrder === 'asc' || sortOrder === 'desc');
  const filters = Object.fromEntries(definition.filters.map(({ field }) => [field, params.get(field) ?? '']));
  return {
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    ...(sorted ? { sortField, sortOrder } : {}),
    filters,
  };
}

export function writeListQuery(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [field, value] of Object.entries(query.filters)) {
    if (value !== '') params.set(field, value);
  }
  if (query.sortField && query.sortOrder) {
    params.set('sortField', query.sortField);
    params.set('sortOrder', query.sortOrder);
  }
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}
