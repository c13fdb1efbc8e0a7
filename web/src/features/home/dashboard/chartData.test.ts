import { describe, expect, it } from 'vitest';
import { occupancyChart, occupancyRate, screenSlices, shownStatuses, statusBars } from './chartData';

describe('screens donut', () => {
  it('has a part per status with its count and colour, the total in the middle, each part opening its screens', () => {
    const slices = screenSlices({ normal: 1200, fault: 3, off: 40, total: 1243 });
    expect(slices.map((slice) => [slice.name, slice.value, slice.to])).toEqual([
      ['정상', 1200, '/media/media/list?mediaStatus=0'],
      ['장애', 3, '/media/operation/list'],
      ['꺼짐', 40, '/media/media/list?mediaStatus=1'],
    ]);
    expect(slices[1].color).toBe('#ff4d4f');
  });
});

describe('occupancy chart', () => {
  const days = [
    { date: '2026-03-02', sold: 12.5, capacity: 50 },
    { date: '2026-03-01', sold: 0, capacity: 0 },
    { date: '2026-03-03', sold: 50, capacity: 50 },
  ];

  it('rates sold against capacity to one decimal, a day without capacity at 0', () => {
    expect(days.map(occupancyRate)).toEqual([25, 0, 100]);
    expect(occupancyRate({ date: '2026-03-04', sold: 1, capacity: 3 })).toBe(33.3);
  });

  it('draws the days in order, sold slots as bars under the capacity as a line, the rate in the tooltip', () => {
    const chart = occupancyChart(days);
    expect(chart.categories).toEqual(['03-01', '03-02', '03-03']);
    const [sold, capacity] = chart.series;
    expect(sold).toMatchObject({ name: '판매 슬롯', type: 'bar', values: [0, 12.5, 50] });
    expect(capacity).toMatchObject({ name: '전체 슬롯', type: 'line', values: [0, 50, 50] });
    expect(chart.tooltip(1)).toBe('2026-03-02\n판매 12.5 / 전체 50 슬롯 (25%)');
  });
});

describe('campaigns by status', () => {
  it('leaves out the statuses without campaigns and orders the rest by code, named by the code names', () => {
    const shown = shownStatuses([
      { displayStatus: 110, count: 2 },
      { displayStatus: 3, count: 0 },
      { displayStatus: 21, count: 1 },
    ]);
    expect(shown).toEqual([
      { displayStatus: 21, count: 1 },
      { displayStatus: 110, count: 2 },
    ]);
    const bars = statusBars(shown, { '21': '승인요청' });
    expect(bars.categories).toEqual(['승인요청', '110']);
    expect(bars.series[0].values).toEqual([1, 2]);
  });
});
