import { describe, expect, it } from 'vitest';
import { periodColumn, periodText } from './periodColumn';

describe('periods', () => {
  it('read "from ~ to", and nothing at all for a row without its days (a draft)', () => {
    expect(periodText({ startDate: '2026-03-01', endDate: '2026-03-31' }, 'startDate', 'endDate')).toBe('2026-03-01 ~ 2026-03-31');
    expect(periodText({ startDate: null, endDate: '' }, 'startDate', 'endDate')).toBe('');
    expect(periodText({}, 'startDate', 'endDate')).toBe('');
    expect(periodColumn('startDate', 'endDate', '기간').render?.(null, { cmpgTitle: '초안' })).toBe('');
  });

  it('sort by their first value unless told otherwise', () => {
    expect(periodColumn('startDate', 'endDate', '기간')).toMatchObject({ field: 'startDate', sortable: true, width: 210 });
    expect(periodColumn('openTime', 'closeTime', '운영 시간', { sortable: false, width: 130 })).toMatchObject({ sortable: false, width: 130 });
  });
});
