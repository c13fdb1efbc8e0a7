import type { ResourceDefinition } from '../../../components/resource/definition';
import { isStoppable, TARGET_LABELS, type TargetType } from './urgentCodes';
import { UrgentStatusTag } from './UrgentStatusTag';

/** Who a message reaches, in words: the kind of target and how many of them. */
export function targetText(targetType: unknown, targetCnt: unknown): string {
  const label = TARGET_LABELS[targetType as TargetType] ?? String(targetType ?? '');
  return targetType === 'all' || targetCnt === null || targetCnt === undefined ? label : `${label} ${Number(targetCnt)}곳`;
}

/** A number of screens, "1,234대". */
export function countText(value: unknown): string {
  return value === null || value === undefined ? '' : `${Number(value).toLocaleString('ko-KR')}대`;
}

/**
 * Urgent (disaster) messages: a text shown over the loop of the screens targeted, from its start to
 * its end or until stopped. Managers and operators only; the form is its own (target kinds, times).
 */
export const urgentMsgDefinition: ResourceDefinition = {
  title: '긴급 메시지',
  apiPath: 'content/urgentMsg',
  routeBase: '/content/urgentMsg',
  program: 'content.urgentMsg',
  idField: 'umIdx',
  idType: 'number',
  columns: [
    { field: 'umIdx', title: 'ID', sortable: true, width: 80 },
    { field: 'text', title: '메시지', ellipsis: true, name: true },
    { field: 'targetType', title: '대상', width: 130, render: (value, row) => targetText(value, row.targetCnt) },
    { field: 'startAt', title: '시작 일시', kind: 'dateTime', sortable: true, width: 180 },
    { field: 'endAt', title: '종료 일시', kind: 'dateTime', sortable: true, width: 180 },
    { field: 'status', title: '상태', width: 90, render: (value) => <UrgentStatusTag status={value} /> },
    { field: 'delivered', title: '수신 화면', width: 100, render: (value) => countText(value) },
    { field: 'acknowledged', title: '확인 화면', width: 100, render: (value) => countText(value) },
    { field: 'createdAt', title: '등록일시', kind: 'dateTime', sortable: true, width: 180 },
  ],
  filters: [{ field: 'text', label: '메시지' }],
  // While a message waits or shows, its reach grows: the list and the message are read again.
  refreshSeconds: 3,
  refreshWhile: (row) => isStoppable(row.status),
  fields: [],
  actions: [
    {
      key: 'stop',
      label: '발령 중지',
      url: '/api/content/urgentMsg/jsonStop.do',
      body: (row) => ({ umIdx: row.umIdx }),
      permission: 'update',
      danger: true,
      confirm: '이 긴급 메시지를 중지하시겠습니까? 화면에서 바로 내려갑니다.',
      shownWhen: (row) => isStoppable(row.status),
      doneMessage: '긴급 메시지를 중지했습니다.',
    },
  ],
};
