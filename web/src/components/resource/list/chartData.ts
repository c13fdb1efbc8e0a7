import type { CartesianSeries } from '../../chart/CartesianChart';
import type { ChartDefinition, Row } from '../definition';

/**
 * A chart over rows: categories along x (the given ones, a category without a row counting 0, or
 * else the rows' own), one value axis per series (at most two: the second series on the right).
 */
export function chartData(chart: ChartDefinition, rows: Row[], categories?: string[]): { categories: string[]; series: CartesianSeries[]; axisNames: [string?, string?] } {
  const xs = categories ?? rows.map((row) => String(row[chart.x] ?? ''));
  const rowAt = new Map(rows.map((row) => [String(row[chart.x] ?? ''), row]));
  return {
    categories: xs,
    series: chart.series.map((series, index) => ({
      name: series.title,
      type: series.type,
      axis: index > 0 && chart.series.length > 1 ? 1 : 0,
      values: categories ? xs.map((x) => Number(rowAt.get(x)?.[series.field] ?? 0)) : rows.map((row) => Number(row[series.field] ?? 0)),
    })),
    axisNames: [chart.series[0]?.title],
  };
}
