import { Spin } from 'antd';
import { lazy, Suspense, type ComponentProps } from 'react';

// The chart library is large: fetched only when a screen first draws a chart.
const EChart = lazy(() => import('./EChart'));

/** An ECharts chart, its code fetched on first use. */
export function LazyEChart(props: ComponentProps<typeof EChart>) {
  return (
    <Suspense fallback={<Spin />}>
      <EChart {...props} />
    </Suspense>
  );
}
