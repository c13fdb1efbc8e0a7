import type { ChartDefinition, Row } from '../definition';

/** The ECharts option of a chart over rows: categories along x, one axis per series (at most two). */
export function chartOption(chart: ChartDefinition, rows: Row[]) {
  const axes = chart.series.slice(0, 2);
  return {
    tooltip: { trigger: 'axis' as const },
    legend: { top: 0 },
    grid: { left: 56, right: axes.length > 1 ? 64 : 24, top: 36, bottom: 32 },
    xAxis: { type: 'category' as const, data: rows.map((row) => String(row[chart.x] ?? '')) },
    yAxis: axes.map((series) => ({ type: 'value' as const, name: series.title, minInterval: 1 })),
    series: chart.series.map((series, index) => ({
      name: series.title,
      type: series.type,
      yAxisIndex: Math.min(index, axes.length - 1),
      data: rows.map((row) => Number(row[series.field] ?? 0)),
      smooth: series.type === 'line',
    })),
  };
}
