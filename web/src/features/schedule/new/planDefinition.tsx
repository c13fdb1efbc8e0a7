import dayjs from 'dayjs';
import { VersionText } from '../../../components/common/VersionText';
import type { ResourceDefinition, Row } from '../../../components/resource/definition';
import { mediaGroupPopup } from '../../../components/searchPopups/mediaGroupPopup';
import { dayOf } from '../../../lib/dates';

/** The day's loop of a plan's group. */
export const dailyPath = (row: Row) => `/schedule/schedule/view?${new URLSearchParams({ mgId: String(row.mgId), date: String(row.date) })}`;

/** Plans made for the days to come, per group and date; a click opens that day's loop. */
export const planDefinition: ResourceDefinition = {
  title: '편성 계획',
  apiPath: 'schedule/schedule',
  routeBase: '/schedule/new',
  program: 'schedule.new',
  idField: 'mgId',
  idType: 'number',
  listAction: 'jsonPlanList',
  readOnly: true,
  rowKey: (row) => `${String(row.mgId)}-${String(row.date)}`,
  rowPath: dailyPath,
  columns: [
    { field: 'date', title: '일자', width: 120 },
    { field: 'mgNm', title: '매체 그룹', ellipsis: true, name: true },
    { field: 'poiNm', title: '사이트', ellipsis: true },
    { field: 'version', title: '버전', width: 100, render: (version) => <VersionText version={version} empty="" /> },
    { field: 'items', title: '항목 수', kind: 'number', width: 90 },
    { field: 'loopSec', title: '루프 길이(초)', kind: 'number', width: 120 },
    { field: 'generatedAt', title: '생성일시', kind: 'dateTime', width: 180 },
  ],
  filters: [
    { field: 'fromDate', label: '시작일', kind: 'date', required: true, defaultValue: () => dayOf() },
    { field: 'toDate', label: '종료일', kind: 'date', required: true, defaultValue: () => dayjs().add(7, 'day').format('YYYY-MM-DD') },
    { field: 'mgId', label: '매체 그룹', popup: mediaGroupPopup },
  ],
  fields: [],
};
