import type { ColumnDefinition, FilterDefinition, Row } from '../common/listTypes';

/**
 * A search popup: a list the user searches and picks one row from, for a form field or a search
 * condition that stores an id but shows a name. One component draws every popup from one of these.
 */
export interface PopupDefinition {
  /** What is searched, e.g. "사업자"; the popup is titled "{title} 검색". */
  title: string;
  /** The list call. */
  url: string;
  /**
   * The permission code the list call needs (`"media.poi:list"`), or null for a call any signed-in
   * user may make. Users without it are never offered the popup: a search condition of it is left
   * out, a field of it shows its value without a search.
   */
  permission: string | null;
  /** Conditions every search of this popup carries (the role of the corps offered). */
  conditions?: object;
  /** Paged calls take {page, pageSize} and answer {list, totalCount}; the others answer every match in {list}. */
  paged: boolean;
  /** Typed or chosen in place: a popup does not open another popup. */
  filters: FilterDefinition[];
  columns: ColumnDefinition[];
  /** The field stored when a row is picked. */
  valueField: string;
  /** The field shown for the stored value. */
  labelField: string;
  /**
   * Finds the label of a stored value whose label is not known yet (a value read from the address,
   * or a form field without a label field): a call answering the row itself or `{list: [row]}`.
   */
  labelLookup?: { url: string; body: (value: unknown) => object; permission: string | null };
}

export const POPUP_PAGE_SIZE = 10;

/** Whether a user holding these permission codes may call what the permission names (null: anyone signed in). */
export function allows(programCodeList: readonly string[] | undefined, permission: string | null): boolean {
  return permission === null || (programCodeList ?? []).includes(permission);
}

/** The label of a popup row, falling back on its value. */
export function popupLabel(definition: PopupDefinition, row: Row): string {
  const label = row[definition.labelField] ?? row[definition.valueField];
  return label === null || label === undefined ? '' : String(label);
}

/** The labels of rows a detail already names (a post's groups), by their value: what tags of stored values show. */
export function labelsOf(definition: PopupDefinition, rows: unknown): Record<string, string> {
  const named = Array.isArray(rows) ? (rows as Row[]) : [];
  return Object.fromEntries(named.map((row) => [String(row[definition.valueField]), popupLabel(definition, row)]));
}
