import { isMonth, parseDate } from '../../lib/dates';
import { DEFAULT_PAGE_SIZE, type ListFilterDefinition, type ListQuery, type ResourceDefinition } from './definition';

/**
 * The list's state lives in the address (page, sort, filters), so reloading, sharing a link or coming
 * back from a detail screen shows the same page. Unknown sort fields are ignored, not sent; a
 * condition the address does not name starts from its default.
 */
export function readListQuery(params: URLSearchParams, definition: ResourceDefinition): ListQuery {
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const sortable = definition.columns.filter((column) => column.sortable).map((column) => column.field);
  const sortField = params.get('sortField') ?? '';
  const sortOrder = params.get('sortOrder');
  const sorted = sortable.includes(sortField) && (sortOrder === 'asc' || sortOrder === 'desc');
  const filters = Object.fromEntries(
    definition.filters.map(({ field, defaultValue }) => [field, params.get(field) ?? defaultValue?.() ?? '']),
  );
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

function conditionProblem(filter: ListFilterDefinition, value: string): string | null {
  if (value === '') return filter.required ? `${filter.label}을(를) 선택해 주세요.` : null;
  if (filter.kind === 'month' && !isMonth(value)) return `${filter.label}은(는) YYYY-MM 형식이어야 합니다.`;
  if (filter.kind === 'date' && parseDate(value) === null) return `${filter.label}은(는) YYYY-MM-DD 형식의 날짜여야 합니다.`;
  return null;
}

/** Why the list cannot be asked with these conditions (a report without a valid month), or null. */
export function listQueryProblem(definition: ResourceDefinition, filters: Record<string, string>): string | null {
  for (const filter of definition.filters) {
    const problem = conditionProblem(filter, filters[filter.field] ?? '');
    if (problem) return problem;
  }
  return null;
}
