import { useQuery } from '@tanstack/react-query';
import { Card, Empty } from 'antd';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { postJson } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/envelope';
import type { ChartDefinition, Row } from '../definition';
import { chartOption } from './chartOption';

// Only what the list charts draw, so the chart code stays a fraction of the whole library.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

interface ListChartProps {
  chart: ChartDefinition;
  /** The list's search conditions, for a chart from a call of its own. */
  filters: Record<string, string>;
  /** The rows of the page shown, for a chart of the page. */
  rows: Row[];
}

function useChartRows(chart: ChartDefinition, filters: Record<string, string>, rows: Row[]): Row[] | undefined {
  const body = chart.source === 'call' ? chart.body(filters) : null;
  const { data } = useQuery({
    queryKey: ['chart', chart.source === 'call' ? chart.url : '', body],
    queryFn: async () => {
      if (chart.source !== 'call') return [];
      const answer = unwrap(await postJson<Record<string, unknown>>(chart.url, body ?? {}));
      const drawn = answer[chart.listField ?? 'list'];
      return Array.isArray(drawn) ? (drawn as Row[]) : [];
    },
    enabled: chart.source === 'call',
  });
  return chart.source === 'call' ? data : rows;
}

/** A chart above a list, drawn by ECharts; this module (and ECharts) loads only on screens that have one. */
export default function ListChart({ chart, filters, rows }: ListChartProps) {
  const shown = useChartRows(chart, filters, rows);
  const element = useRef<HTMLDivElement>(null);
  const instance = useRef<echarts.ECharts | null>(null);
  const empty = shown !== undefined && shown.length === 0;

  useEffect(() => {
    if (!element.current || empty) return undefined;
    const drawn = echarts.init(element.current);
    instance.current = drawn;
    const resize = () => drawn.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      drawn.dispose();
      instance.current = null;
    };
  }, [empty]);

  // The categories follow the search conditions; as text they change only when the conditions do.
  const categories = JSON.stringify(chart.categories?.(filters) ?? null);
  useEffect(() => {
    if (!shown || !instance.current) return;
    const fixed = JSON.parse(categories) as string[] | null;
    instance.current.setOption(chartOption(chart, shown, fixed ?? undefined), { notMerge: true });
  }, [chart, shown, empty, categories]);

  return (
    <Card size="small" title={chart.title} className="list-chart">
      {empty ? <Empty description="자료가 없습니다." /> : <div ref={element} className="list-chart-canvas" role="img" aria-label={chart.title} />}
    </Card>
  );
}
