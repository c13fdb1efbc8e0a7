import { CAMPAIGN_STATUS_COLORS } from '../../components/code/campaignStatusColors';
import type { PopupDefinition } from '../../components/popup/definition';
import { LIST_STATUSES } from '../../lib/campaignStatus';

/** Campaigns in any status but removed (the spec's campaign list popup); stores cmpgId. */
export const campaignPopup: PopupDefinition = {
  title: '캠페인',
  url: '/api/campaign/regist/jsonList.do',
  permission: 'campaign.regist:list',
  paged: true,
  filters: [
    { field: 'cmpgTitle', label: '캠페인명' },
    { field: 'cmpgStatus', label: '상태', cdKey: 'CMPG_STATUS' },
  ],
  columns: [
    { field: 'cmpgId', title: 'ID', width: 80 },
    { field: 'cmpgTitle', title: '캠페인명', ellipsis: true, name: true },
    { field: 'agentCName', title: '대행사', ellipsis: true },
    { field: 'displayStatus', title: '상태', cdKey: 'CMPG_STATUS', tagColors: CAMPAIGN_STATUS_COLORS, width: 100 },
  ],
  valueField: 'cmpgId',
  labelField: 'cmpgTitle',
};

/**
 * Campaigns approved and not yet ended (the running list: awaiting broadcast, live, ending soon),
 * which also users who only read the running list may search; stores cmpgId.
 */
export const runningCampaignPopup: PopupDefinition = {
  ...campaignPopup,
  url: '/api/campaign/run/jsonList.do',
  permission: 'campaign.run:list',
  filters: [
    { field: 'cmpgTitle', label: '캠페인명' },
    { field: 'cmpgStatus', label: '상태', cdKey: 'CMPG_STATUS', codes: LIST_STATUSES.run.map(String) },
  ],
  labelLookup: { url: '/api/campaign/run/jsonDetail.do', body: (cmpgId) => ({ cmpgId: Number(cmpgId) }), permission: 'campaign.run:view' },
};
