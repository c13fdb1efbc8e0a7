import { describe, expect, it } from 'vitest';
import { monthReportDefinition } from '../../../features/media/report/monthDefinition';
import { dailyReportDefinition } from '../../../features/media/report/dailyDefinition';
import { daysOfMonth } from '../../../lib/dates';
import { chartOption } from './chartOption';

const monthChart = monthReportDefinition.chart!;
const dailyChart = dailyReportDefinition.chart!;

describe('chartOption', () => {
  it('draws every day of the month, a day without plays at 0, plays as bars and seconds as a line on its own axis', () => {
    const rows = [
      { date: '2026-02-03', plays: 120, seconds: 1800 },
      { date: '2026-02-27', plays: 60, seconds: 900 },
    ];
    const option = chartOption(monthChart, rows, monthChart.categories?.({ month: '2026-02' }));
    expect(option.xAxis.data).toHaveLength(28);
    expect(option.xAxis.data[0]).toBe('2026-02-01');
    const [plays, seconds] = option.series;
    expect(plays).toMatchObject({ name: '재생 횟수', type: 'bar', yAxisIndex: 0 });
    expect(seconds).toMatchObject({ name: '재생 시간(초)', type: 'line', yAxisIndex: 1 });
    expect(plays.data[2]).toBe(120);
    expect(plays.data[26]).toBe(60);
    expect(plays.data.reduce((sum, value) => sum + value, 0)).toBe(180);
    expect(seconds.data[26]).toBe(900);
    expect(option.yAxis).toHaveLength(2);
  });

  it('draws the rows of the page as they are when the axis is theirs', () => {
    const rows = [
      { mediaNm: '101동 로비', plays: 300 },
      { mediaNm: '102동 로비', plays: 120 },
    ];
    const option = chartOption(dailyChart, rows);
    expect(option.xAxis.data).toEqual(['101동 로비', '102동 로비']);
    expect(option.series).toHaveLength(1);
    expect(option.series[0].data).toEqual([300, 120]);
    expect(option.yAxis).toHaveLength(1);
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
