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

/** Sold out of capacity as a percentage with one decimal; 0 for a day without capacity. */
export function occupancyRate(day: OccupancyDay): number {
  return day.capacity > 0 ? Math.round((day.sold / day.capacity) * 1000) / 10 : 0;
}

/** The occupancy of the coming days as a chart: sold slots as bars under the capacity as a line, days in order. */
export function occupancyChart(days: OccupancyDay[]) {
  const sorted = [...days].sort((a, b) => a.date.localeCompare(b.date));
  return {
    categories: sorted.map((day) => day.date.slice(5)),
    series: [
      { name: '판매 슬롯', type: 'bar' as const, color: '#1677ff', values: sorted.map((day) => day.sold) },
      { name: '전체 슬롯', type: 'line' as const, color: '#8c8c8c', values: sorted.map((day) => day.capacity) },
    ],
    /** A day's tip: its date, sold against capacity and the rate. */
    tooltip: (index: number) => {
      const day = sorted[index];
      return day ? `${day.date}\n판매 ${number(day.sold)} / 전체 ${number(day.capacity)} 슬롯 (${occupancyRate(day)}%)` : '';
    },
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
export function statusBars(shown: StatusCount[], names: Record<string, string>) {
  return {
    categories: shown.map((entry) => names[String(entry.displayStatus)] ?? String(entry.displayStatus)),
    series: [{ name: '캠페인', type: 'bar' as const, color: '#1677ff', values: shown.map((entry) => entry.count) }],
  };
}
