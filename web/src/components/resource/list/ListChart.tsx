import { useQuery } from '@tanstack/react-query';
import { Empty } from 'antd';
import { Panel } from '../../common/Panel';
import { useMemo } from 'react';
import { postJson } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/envelope';
import type { ChartDefinition, Row } from '../definition';
import { CartesianChart } from '../../chart/CartesianChart';
import { chartData } from './chartData';

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

/** A chart above a list: of the rows a call answers for the list's conditions, or of the page shown. */
export default function ListChart({ chart, filters, rows }: ListChartProps) {
  const shown = useChartRows(chart, filters, rows);
  const empty = shown !== undefined && shown.length === 0;
  // The categories follow the search conditions; as text they change only when the conditions do.
  const categories = JSON.stringify(chart.categories?.(filters) ?? null);
  const drawn = useMemo(() => chartData(chart, shown ?? [], (JSON.parse(categories) as string[] | null) ?? undefined), [chart, shown, categories]);

  return (
    <Panel title={chart.title} className="list-chart">
      {empty ? <Empty description="자료가 없습니다." /> : <CartesianChart {...drawn} label={chart.title} height={280} />}
    </Panel>
  );
}
