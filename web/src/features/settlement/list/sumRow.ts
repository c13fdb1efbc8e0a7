import type { ColumnDefinition } from '../../../components/resource/definition';
import { formatWon } from '../../../lib/money';

/** One cell of a list's sum row. */
export interface SumCell {
  index: number;
  colSpan: number;
  /** The label "합계", or an amount. */
  text: string;
  amount: boolean;
}

/**
 * The sum row under a list: "합계" across the columns before the first summed one, then each
 * summed column's amount in place and the other columns empty. No row without a sum.
 */
export function sumCells(columns: ColumnDefinition[], sumFields: string[], sum: Record<string, unknown> | null | undefined): SumCell[] {
  if (!sum) return [];
  const first = columns.findIndex((column) => sumFields.includes(column.field));
  if (first < 0) return [];
  const label: SumCell[] = first > 0 ? [{ index: 0, colSpan: first, text: '합계', amount: false }] : [];
  const rest = columns.slice(first).map((column, offset) => {
    const summed = sumFields.includes(column.field);
    return { index: first + offset, colSpan: 1, text: summed ? formatWon(sum[column.field]) : '', amount: summed };
  });
  return [...label, ...rest];
}
