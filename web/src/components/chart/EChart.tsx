import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Bars, lines and donuts only, so the chart code stays a fraction of the whole library.
echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

/** What a click on a bar or a donut part reports. */
export interface ChartClick {
  dataIndex: number;
  name: string;
}

interface EChartProps {
  /** An ECharts option; drawn again whenever it changes. */
  option: echarts.EChartsCoreOption;
  /** What the chart shows, for readers that cannot see it. */
  label: string;
  height?: number;
  onClick?: (clicked: ChartClick) => void;
}

/** A chart drawn by ECharts; load it lazily, as the library is large. */
export default function EChart({ option, label, height = 240, onClick }: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const instance = useRef<echarts.ECharts | null>(null);
  const clicked = useRef(onClick);
  clicked.current = onClick;

  useEffect(() => {
    if (!element.current) return undefined;
    const drawn = echarts.init(element.current);
    instance.current = drawn;
    drawn.on('click', (params) => clicked.current?.({ dataIndex: params.dataIndex, name: String(params.name ?? '') }));
    const resize = () => drawn.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      drawn.dispose();
      instance.current = null;
    };
  }, []);

  useEffect(() => {
    instance.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div
      ref={element}
      className={onClick ? 'echart clickable-chart' : 'echart'}
      style={{ height }}
      role="img"
      aria-label={label}
    />
  );
}
