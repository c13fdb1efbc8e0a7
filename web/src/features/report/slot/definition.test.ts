import { describe, expect, it } from 'vitest';
import { chartData } from '../../../components/resource/list/chartData';
import { slotReportDefinition } from './definition';
import { daysBetween } from './period';

// The daily totals the list answers beside its page (`byDate`), the second day missing.
const byDate = [
  { date: '2026-03-01', capacity: 40, soldFull: 30, soldHalf: 4, house: 6, free: 2, occupancy: 80 },
  { date: '2026-03-03', capacity: 40, soldFull: 10, soldHalf: 0, house: 30, free: 0, occupancy: 25.5 },
];

describe('the slot report chart', () => {
  const chart = slotReportDefinition.chart!;

  it('asks the list for its daily totals within the conditions, with the smallest page', () => {
    if (chart.source !== 'call') throw new Error('the chart reads a call');
    expect(chart.url).toBe('/api/report/slot/jsonList.do');
    expect(chart.listField).toBe('byDate');
    expect(chart.body({ fromDate: '2026-03-01', toDate: '2026-03-03', mgId: '' })).toEqual({ fromDate: '2026-03-01', toDate: '2026-03-03', page: 1, pageSize: 1 });
    expect(chart.body({ fromDate: '2026-03-01', toDate: '2026-03-03', mgId: '5' })).toMatchObject({ mgId: '5' });
  });

  it('draws each day of the period, a day without plans at 0, the occupancy as bars beside the capacity', () => {
    const drawn = chartData(chart, byDate, chart.categories!({ fromDate: '2026-03-01', toDate: '2026-03-04' }));
    expect(drawn.categories).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04']);
    const [occupancy, capacity] = drawn.series;
    expect(occupancy).toMatchObject({ name: '점유율(%)', type: 'bar', values: [80, 0, 25.5, 0] });
    expect(capacity).toMatchObject({ name: '전체 슬롯', type: 'line', values: [40, 0, 40, 0] });
  });
});

describe('daysBetween', () => {
  it.each([
    ['2026-02-27', '2026-03-02', ['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']],
    ['2026-03-02', '2026-03-02', ['2026-03-02']],
    ['2026-03-02', '2026-03-01', []],
    ['', '2026-03-01', []],
  ])('from %s to %s', (from, to, days) => {
    expect(daysBetween(from, to)).toEqual(days);
  });
});
