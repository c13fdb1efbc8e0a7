import type { ChartDefinition, Row } from '../definition';

/**
 * The ECharts option of a chart over rows: categories along x (the given ones, a category without
 * a row counting 0, or else the rows' own), one value axis per series (at most two).
 */
export function chartOption(chart: ChartDefinition, rows: Row[], categories?: string[]) {
  const axes = chart.series.slice(0, 2);
  const xs = categories ?? rows.map((row) => String(row[chart.x] ?? ''));
  const rowAt = new Map(rows.map((row) => [String(row[chart.x] ?? ''), row]));
  return {
    tooltip: { trigger: 'axis' as const },
    legend: { top: 0 },
    grid: { left: 56, right: axes.length > 1 ? 64 : 24, top: 36, bottom: 32 },
    xAxis: { type: 'category' as const, data: xs },
    yAxis: axes.map((series) => ({ type: 'value' as const, name: series.title, minInterval: 1 })),
    series: chart.series.map((series, index) => ({
      name: series.title,
      type: series.type,
      yAxisIndex: Math.min(index, axes.length - 1),
      // A few bars stay bars, not walls.
      ...(series.type === 'bar' ? { barMaxWidth: 40 } : {}),
      data: categories
        ? xs.map((x) => Number(rowAt.get(x)?.[series.field] ?? 0))
        : rows.map((row) => Number(row[series.field] ?? 0)),
    })),
  };
}
