import { CAMPAIGN_STATUS_COLORS } from '../../components/code/campaignStatusColors';
import { periodColumn } from '../../components/common/periodColumn';
import type { ColumnDefinition, ResourceDefinition, Row } from '../../components/resource/definition';
import { advertiserPopup } from '../../components/searchPopups/advertiserPopup';
import { LIST_STATUSES, type CampaignListKind } from '../../lib/campaignStatus';
import { campaignRowActions } from './view/campaignActions';
import { WRITE_TYPE_COLORS } from './writeType';

const TITLES: Record<CampaignListKind, string> = {
  temp: '임시저장 캠페인',
  request: '승인요청 캠페인',
  run: '진행 캠페인',
  end: '종료 캠페인',
};

/** The time that matters most in each list: when it was written, asked for, or approved. */
const TIME_COLUMN: Record<CampaignListKind, ColumnDefinition> = {
  temp: { field: 'createdAt', title: '등록일시', kind: 'dateTime', sortable: true, width: 170 },
  request: { field: 'requestedAt', title: '요청일시', kind: 'dateTime', width: 170 },
  run: { field: 'approvedAt', title: '승인일시', kind: 'dateTime', width: 170 },
  end: { field: 'approvedAt', title: '승인일시', kind: 'dateTime', width: 170 },
};

/** A change request of a live or approved campaign, listed among the requests beside new campaigns. */
export const isChangeRow = (row: Row) => Number(row.writeType ?? 0) > 0;

const viewPath = (kind: CampaignListKind, row: Row) => {
  const query = new URLSearchParams({ cmpgId: String(row.cmpgId) });
  if (isChangeRow(row)) {
    // The campaign of a change request is approved or live: it reads in the running view, the change marked.
    query.set('chgIdx', String(row.chgIdx));
    return `/campaign/run/view?${query}`;
  }
  return kind === 'temp' ? `/campaign/temp/write?${query}` : `/campaign/${kind}/view?${query}`;
};

/** The Excel file of a list for its current conditions, as the server builds it. */
export function campaignExcelHref(kind: CampaignListKind, filters: Record<string, string>): string {
  const query = new URLSearchParams({ list: kind });
  for (const [field, value] of Object.entries(filters)) {
    if (value.trim() !== '') query.set(field, value.trim());
  }
  return `/api/campaign/excel/download.do?${query}`;
}

function columns(kind: CampaignListKind): ColumnDefinition[] {
  return [
    { field: 'cmpgId', title: 'ID', sortable: true, width: 80 },
    { field: 'cmpgTitle', title: '캠페인명', ellipsis: true, name: true },
    { field: 'displayStatus', title: '상태', cdKey: 'CMPG_STATUS', tagColors: CAMPAIGN_STATUS_COLORS, width: 100 },
    ...(kind === 'request'
      ? [{ field: 'writeType', title: '요청 유형', cdKey: 'CMPG_WRITE_TYPE', tagColors: WRITE_TYPE_COLORS, width: 100 }]
      : []),
    { field: 'advertiserCName', title: '광고주', ellipsis: true },
    { field: 'agentCName', title: '대행사', ellipsis: true },
    { field: 'platform', title: '플랫폼', cdKey: 'PLATFORM', width: 80 },
    periodColumn('startDate', 'endDate', '기간'),
    { field: 'slotCnt', title: '구좌', kind: 'number', width: 70 },
    { field: 'mediaCnt', title: '매체 수', kind: 'number', width: 80 },
    { field: 'total', title: '금액(원)', kind: 'number', width: 120 },
    TIME_COLUMN[kind],
  ];
}

/**
 * One of the four campaign lists: the same resource seen through the statuses of that list. Drafts
 * open in their editor, the others in the shared view; requests also list pending change requests.
 */
export function campaignListDefinition(kind: CampaignListKind): ResourceDefinition {
  const deletes = kind === 'temp' || kind === 'request';
  return {
    title: TITLES[kind],
    apiPath: `campaign/${kind}`,
    routeBase: `/campaign/${kind}`,
    program: `campaign.${kind}`,
    idField: 'cmpgId',
    idType: 'number',
    // Running and ended campaigns change only through their actions.
    readOnly: !deletes,
    separateWriteScreen: true,
    rowKey: (row) => `${String(row.cmpgId)}-${String(row.chgIdx ?? 0)}`,
    // Deleting a change row would name its campaign, which is not what was ticked.
    rowSelectable: (row) => !isChangeRow(row),
    rowPath: (row) => viewPath(kind, row),
    columns: columns(kind),
    filters: [
      { field: 'cmpgTitle', label: '캠페인명' },
      { field: 'cmpgStatus', label: '상태', cdKey: 'CMPG_STATUS', codes: LIST_STATUSES[kind].map(String) },
      { field: 'advertiserCId', label: '광고주', popup: advertiserPopup },
      { field: 'platform', label: '플랫폼', cdKey: 'PLATFORM' },
      { field: 'startDate', label: '시작일', kind: 'date' },
      { field: 'endDate', label: '종료일', kind: 'date' },
    ],
    fields: [],
    actions: campaignRowActions(kind),
    exportLink: { label: '엑셀 다운로드', permission: 'download', href: (filters) => campaignExcelHref(kind, filters) },
  };
}
