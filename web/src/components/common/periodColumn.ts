import type { ColumnDefinition, Row } from './listTypes';

/** "from ~ to" of two values of a row; nothing when neither is set (a draft without its days). */
export function periodText(row: Row, fromField: string, toField: string): string {
  const from = row[fromField];
  const to = row[toField];
  if ((from === null || from === undefined || from === '') && (to === null || to === undefined || to === '')) return '';
  return `${String(from ?? '')} ~ ${String(to ?? '')}`;
}

/**
 * A column showing a period, "from ~ to", from two fields of the row (days, or times of day);
 * sorted by its first value unless told otherwise.
 */
export function periodColumn(fromField: string, toField: string, title: string, { sortable = true, width = 210 } = {}): ColumnDefinition {
  return { field: fromField, title, sortable, width, render: (_value, row) => periodText(row, fromField, toField) };
}
