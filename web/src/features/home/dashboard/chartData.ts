import type { OccupancyDay, ScreenCounts } from './dashboardApi';

/** One part of the screens donut, with the list it opens. */
export interface ScreenSlice {
  key: 'normal' | 'fault' | 'off';
  name: string;
  value: number;
  color: string;
  /** The list of those screens: faults in the operation screen, which lists screens needing attention. */
  to: string;
}

export const number = (value: number) => (value || 0).toLocaleString('ko-KR');

/** The screens donut's parts, in the order normal, fault, off. */
export function screenSlices(screens: ScreenCounts): ScreenSlice[] {
  return [
    { key: 'normal', name: '정상', value: screens.normal, color: '#52c41a', to: '/media/media/list?mediaStatus=0' },
    { key: 'fault', name: '장애', value: screens.fault, color: '#ff4d4f', to: '/media/operation/list' },
    { key: 'off', name: '꺼짐', value: screens.off, color: '#bfbfbf', to: '/media/media/list?mediaStatus=1' },
  ];
}

/** The ECharts option of the screens donut: each status a part, the total in the middle. */
export function screensDonutOption(slices: ScreenSlice[]) {
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  return {
    tooltip: { trigger: 'item' as const, formatter: (item: { name: string; value: number; percent: number }) => `${item.name}: ${number(item.value)}대 (${item.percent}%)` },
    legend: { bottom: 0, formatter: (name: string) => `${name} ${number(slices.find((slice) => slice.name === name)?.value ?? 0)}` },
    title: { text: number(total), subtext: '전체', left: 'center', top: '36%', textStyle: { fontSize: 22 } },
    series: [
      {
        type: 'pie' as const,
        radius: ['50%', '72%'],
        center: ['50%', '45%'],
        label: { show: false },
        // A part of nothing takes no room but keeps its legend entry.
        data: slices.map((slice) => ({ name: slice.name, value: slice.value, itemStyle: { color: slice.color } })),
      },
    ],
  };
}

/** Sold out of capacity as a percentage with one decimal; 0 for a day without capacity. */
export function occupancyRate(day: OccupancyDay): number {
  return day.capacity > 0 ? Math.round((day.sold / day.capacity) * 1000) / 10 : 0;
}

/**
 * The ECharts option of the occupancy of the coming days: sold slots as bars under the capacity as a
 * line, on one axis, days in order; the tooltip tells the rate.
 */
export function occupancyOption(days: OccupancyDay[]) {
  const sorted = [...days].sort((a, b) => a.date.localeCompare(b.date));
  return {
    tooltip: {
      trigger: 'axis' as const,
      formatter: (items: { dataIndex: number }[]) => {
        const day = sorted[items[0]?.dataIndex ?? 0];
        return day ? `${day.date}<br/>판매 ${number(day.sold)} / 전체 ${number(day.capacity)} 슬롯 (${occupancyRate(day)}%)` : '';
      },
    },
    legend: { top: 0 },
    grid: { left: 48, right: 16, top: 32, bottom: 28 },
    xAxis: { type: 'category' as const, data: sorted.map((day) => day.date.slice(5)) },
    yAxis: { type: 'value' as const, name: '슬롯', minInterval: 1 },
    series: [
      { name: '판매 슬롯', type: 'bar' as const, barMaxWidth: 28, itemStyle: { color: '#1677ff' }, data: sorted.map((day) => day.sold) },
      { name: '전체 슬롯', type: 'line' as const, itemStyle: { color: '#8c8c8c' }, data: sorted.map((day) => day.capacity) },
    ],
  };
}

export interface StatusCount {
  displayStatus: number;
  count: number;
}

/** The statuses a sales corp has campaigns in, in the order of the status codes. */
export function shownStatuses(byStatus: StatusCount[]): StatusCount[] {
  return byStatus.filter((entry) => entry.count > 0).sort((a, b) => a.displayStatus - b.displayStatus);
}

/** Campaigns per display status as bars named by the status codes' names (the code while unknown). */
export function statusBarsOption(shown: StatusCount[], names: Record<string, string>) {
  return {
    tooltip: { trigger: 'axis' as const },
    grid: { left: 40, right: 16, top: 16, bottom: 28 },
    xAxis: { type: 'category' as const, data: shown.map((entry) => names[String(entry.displayStatus)] ?? String(entry.displayStatus)) },
    yAxis: { type: 'value' as const, minInterval: 1 },
    series: [{ name: '캠페인', type: 'bar' as const, barMaxWidth: 36, itemStyle: { color: '#1677ff' }, data: shown.map((entry) => entry.count) }],
  };
}
