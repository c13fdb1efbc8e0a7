import type { TableColumnsType } from 'antd';
import type { ColumnDefinition, Row } from '../common/listTypes';
import { FieldValue } from './FieldValue';

/**
 * The least a name column keeps: about twelve Korean characters at the table's font, with the
 * cell's padding. It is what people scan a list by; the other columns keep their widths and the
 * table scrolls sideways rather than cut names down to a letter.
 */
export const NAME_MIN_WIDTH = 200;
/** A text column the definition gives no width: cut (the whole shows on hover) rather than squeezed. */
export const TEXT_WIDTH = 140;
/** The selection checkbox column. */
export const SELECTION_WIDTH = 48;

/** The class of a name column's cells, header included: tests and styles find the name by it. */
export const NAME_COLUMN_CLASS = 'name-column';

/** The width a column takes: its own, the name's minimum, or the default of text. */
export function columnWidth(column: ColumnDefinition): number {
  if (column.name) return Math.max(column.width ?? 0, NAME_MIN_WIDTH);
  return column.width ?? TEXT_WIDTH;
}

/**
 * How wide the table is at least, so that no column is squeezed below its width: the sum of the
 * columns' widths (and the selection column's). Wider screens share the rest among the name columns.
 */
export function tableMinWidth(columns: ColumnDefinition[], selectable = false): number {
  return columns.reduce((sum, column) => sum + columnWidth(column), selectable ? SELECTION_WIDTH : 0);
}

/**
 * The text a cut cell shows on hover: what it shows when that is text, else its value (a code's
 * value is no text for people: none then).
 */
function hoverText(column: ColumnDefinition, value: unknown, shown: unknown): string | undefined {
  if (typeof shown === 'string' || typeof shown === 'number') return String(shown);
  if (column.cdKey || value === null || value === undefined || value === '' || typeof value === 'object') return undefined;
  return String(value);
}

/** What a table column of antd needs beyond the definition: sorting, alignment. */
export interface TableColumnOptions {
  /** The sort order the table shows for the column, when the list sorts by columns. */
  sortOrder?: (column: ColumnDefinition) => 'ascend' | 'descend' | null;
  align?: (column: ColumnDefinition) => 'right' | undefined;
}

/**
 * The antd columns of column definitions. Every column has a width except the name columns, which
 * take what is left (at least their minimum, with the table as wide as `tableMinWidth`); names and
 * other long text are cut to one line and show whole on hover.
 */
export function toTableColumns(columns: ColumnDefinition[], options: TableColumnOptions = {}): TableColumnsType<Row> {
  // When the table scrolls sideways, the name (and what comes before it, the id) stays in view.
  const pinned = columns.findIndex((column) => column.name);
  return columns.map((column, index) => {
    const cut = column.ellipsis || column.name;
    return {
      fixed: index <= pinned ? ('left' as const) : undefined,
      key: column.field,
      dataIndex: column.field,
      title: column.name ? <span title={column.title}>{column.title}</span> : column.title,
      width: column.name ? undefined : columnWidth(column),
      className: column.name ? NAME_COLUMN_CLASS : undefined,
      ellipsis: cut ? { showTitle: false } : undefined,
      align: options.align?.(column),
      ...(options.sortOrder ? { sorter: column.sortable, sortOrder: options.sortOrder(column) } : {}),
      render: (value: unknown, row: Row) => {
        const shown = column.render ? column.render(value, row) : <FieldValue shape={column} value={value} row={row} />;
        return cut ? <span title={hoverText(column, value, shown)}>{shown}</span> : shown;
      },
    };
  });
}
