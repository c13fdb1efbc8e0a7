import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../../../components/resource/definition';
import { sumCells } from './sumRow';

const columns: ColumnDefinition[] = [
  { field: 'cName', title: '매체사' },
  { field: 'poiNm', title: '사이트' },
  { field: 'screens', title: '스크린' },
  { field: 'revenue', title: '매출' },
  { field: 'rate', title: '수수료율' },
  { field: 'fee', title: '수수료' },
];

describe('sumCells', () => {
  it('labels the columns before the first sum and puts each sum under its own column', () => {
    expect(sumCells(columns, ['revenue', 'fee'], { revenue: 3_000_000, fee: 1_237_500 })).toEqual([
      { index: 0, colSpan: 3, text: '합계', amount: false },
      { index: 3, colSpan: 1, text: '3,000,000원', amount: true },
      { index: 4, colSpan: 1, text: '', amount: false },
      { index: 5, colSpan: 1, text: '1,237,500원', amount: true },
    ]);
  });

  it('spans every column of the table once', () => {
    const cells = sumCells(columns, ['fee'], { fee: 10 });
    expect(cells.reduce((total, cell) => total + cell.colSpan, 0)).toBe(columns.length);
    expect(cells.at(-1)).toEqual({ index: 5, colSpan: 1, text: '10원', amount: true });
  });

  it('reads a month without revenue as zero', () => {
    expect(sumCells(columns, ['revenue'], { revenue: 0 })[1].text).toBe('0원');
  });

  it('has no row while the sum is unknown or no column is summed', () => {
    expect(sumCells(columns, ['revenue'], undefined)).toEqual([]);
    expect(sumCells(columns, ['revenue'], null)).toEqual([]);
    expect(sumCells(columns, ['points'], { points: 5 })).toEqual([]);
  });

  it('needs no label when the first column is summed', () => {
    expect(sumCells(columns.slice(3), ['revenue'], { revenue: 7 })[0]).toEqual({ index: 0, colSpan: 1, text: '7원', amount: true });
  });
});
