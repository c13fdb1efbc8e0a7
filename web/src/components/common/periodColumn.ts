import type { ColumnDefinition } from './listTypes';

/** A column showing a period, "from ~ to", from two day fields of the row; sorted by its first day. */
export function periodColumn(fromField: string, toField: string, title: string): ColumnDefinition {
  return {
    field: fromField,
    title,
    sortable: true,
    width: 210,
    render: (_value, row) => `${String(row[fromField] ?? '')} ~ ${String(row[toField] ?? '')}`,
  };
}
