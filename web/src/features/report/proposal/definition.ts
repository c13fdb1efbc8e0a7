import { periodColumn } from '../../../components/common/periodColumn';
import type { ResourceDefinition } from '../../../components/resource/definition';

/**
 * Proposals ("virtual reports"): a price and reach worked out for a prospective advertiser without a
 * campaign. Written at `/report/temp/write`, read as a printable document at `/report/temp/view`.
 */
export const proposalDefinition: ResourceDefinition = {
  title: '가상 리포트',
  apiPath: 'report/temp',
  routeBase: '/report/temp',
  program: 'report.temp',
  idField: 'rtIdx',
  idType: 'number',
  separateWriteScreen: true,
  listNote: '캠페인 없이 상품, 기간, 매체 그룹으로 견적과 예상 노출을 계산한 제안서입니다. 행을 누르면 인쇄할 수 있는 제안서가 열립니다.',
  columns: [
    { field: 'rtIdx', title: 'ID', width: 80 },
    { field: 'title', title: '제목', ellipsis: true, name: true },
    { field: 'advertiserName', title: '광고주', ellipsis: true },
    periodColumn('startDate', 'endDate', '기간', { sortable: false }),
    { field: 'mediaCnt', title: '매체 수', kind: 'number', width: 90 },
    { field: 'total', title: '합계(원)', kind: 'number', width: 130 },
    { field: 'uName', title: '작성자', width: 110 },
    { field: 'createdAt', title: '작성일시', kind: 'dateTime', width: 170 },
  ],
  filters: [
    { field: 'title', label: '제목' },
    { field: 'advertiserName', label: '광고주' },
  ],
  fields: [],
};
