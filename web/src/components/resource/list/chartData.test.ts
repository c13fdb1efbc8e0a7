import { describe, expect, it } from 'vitest';
import { monthReportDefinition } from '../../../features/media/report/monthDefinition';
import { dailyReportDefinition } from '../../../features/media/report/dailyDefinition';
import { daysOfMonth } from '../../../lib/dates';
import { chartData } from './chartData';

const monthChart = monthReportDefinition.chart!;
const dailyChart = dailyReportDefinition.chart!;

describe('chartData', () => {
  it('draws every day of the month, a day without plays at 0, plays as bars and seconds as a line on its own axis', () => {
    const rows = [
      { date: '2026-02-03', plays: 120, seconds: 1800 },
      { date: '2026-02-27', plays: 60, seconds: 900 },
    ];
    const drawn = chartData(monthChart, rows, monthChart.categories?.({ month: '2026-02' }));
    expect(drawn.categories).toHaveLength(28);
    expect(drawn.categories[0]).toBe('2026-02-01');
    const [plays, seconds] = drawn.series;
    expect(plays).toMatchObject({ name: '재생 횟수', type: 'bar', axis: 0 });
    expect(seconds).toMatchObject({ name: '재생 시간(초)', type: 'line', axis: 1 });
    expect(plays.values[2]).toBe(120);
    expect(plays.values[26]).toBe(60);
    expect(plays.values.reduce((sum, value) => sum + value, 0)).toBe(180);
    expect(seconds.values[26]).toBe(900);
  });

  it('draws the rows of the page as they are when the axis is theirs', () => {
    const rows = [
      { mediaNm: '101동 로비', plays: 300 },
      { mediaNm: '102동 로비', plays: 120 },
    ];
    const drawn = chartData(dailyChart, rows);
    expect(drawn.categories).toEqual(['101동 로비', '102동 로비']);
    expect(drawn.series).toHaveLength(1);
    expect(drawn.series[0]).toMatchObject({ values: [300, 120], axis: 0 });
  });
});

describe('daysOfMonth', () => {
  it.each([
    ['2024-02', 29],
    ['2026-02', 28],
    ['2026-11', 30],
    ['2026-12', 31],
    ['2026-13', 0],
  ])('%s has %i days', (month, days) => {
    expect(daysOfMonth(month)).toHaveLength(days);
  });
});
