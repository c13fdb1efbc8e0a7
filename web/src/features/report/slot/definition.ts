import dayjs from 'dayjs';
import type { ResourceDefinition } from '../../../components/resource/definition';
import { mediaGroupPopup } from '../../../components/searchPopups/mediaGroupPopup';
import { dayOf } from '../../../lib/dates';
import { daysBetween } from './period';

const percent = (value: unknown) => (value === null || value === undefined ? '' : `${Number(value).toFixed(1)}%`);

/** Slot operation: per group and day, the ad slots and what fills them, with the daily occupancy as a chart. */
export const slotReportDefinition: ResourceDefinition = {
  title: '슬롯 운영 현황',
  apiPath: 'report/slot',
  routeBase: '/report/slot',
  program: 'report.slot',
  idField: 'mgId',
  idType: 'number',
  readOnly: true,
  rowKey: (row) => `${String(row.mgId)}-${String(row.date)}`,
  rowPath: (row) => `/schedule/schedule/view?${new URLSearchParams({ mgId: String(row.mgId), date: String(row.date) })}`,
  listNote: '판매(전체)는 한 구좌를 모두 판 슬롯, 판매(절반)은 짝수·홀수 루프를 나눠 판 슬롯입니다. 행을 누르면 그날의 편성표가 열립니다.',
  columns: [
    { field: 'date', title: '일자', width: 120 },
    { field: 'mgNm', title: '매체 그룹', ellipsis: true, name: true },
    { field: 'capacity', title: '전체 슬롯', kind: 'number', width: 100 },
    { field: 'soldFull', title: '판매(전체)', kind: 'number', width: 100 },
    { field: 'soldHalf', title: '판매(절반)', kind: 'number', width: 100 },
    { field: 'house', title: '자체광고', kind: 'number', width: 100 },
    { field: 'free', title: '빈 슬롯', kind: 'number', width: 100 },
    { field: 'occupancy', title: '점유율', width: 100, render: percent },
  ],
  filters: [
    { field: 'fromDate', label: '시작일', kind: 'date', required: true, defaultValue: () => dayOf() },
    { field: 'toDate', label: '종료일', kind: 'date', required: true, defaultValue: () => dayjs().add(6, 'day').format('YYYY-MM-DD') },
    { field: 'mgId', label: '매체 그룹', popup: mediaGroupPopup },
  ],
  fields: [],
  chart: {
    title: '일자별 점유율',
    // The list answers the daily totals of every group in the conditions beside its page: a page of one row is enough.
    source: 'call',
    url: '/api/report/slot/jsonList.do',
    body: ({ fromDate, toDate, mgId }) => ({ fromDate, toDate, ...(mgId ? { mgId } : {}), page: 1, pageSize: 1 }),
    listField: 'byDate',
    x: 'date',
    categories: (filters) => daysBetween(filters.fromDate, filters.toDate),
    series: [
      { field: 'occupancy', title: '점유율(%)', type: 'bar' },
      { field: 'capacity', title: '전체 슬롯', type: 'line' },
    ],
  },
};
