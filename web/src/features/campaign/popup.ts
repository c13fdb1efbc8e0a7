import type { PopupDefinition } from '../../components/popup/definition';
import { CAMPAIGN_STATUS_COLORS } from './status';

/** Campaigns in any status but removed (the spec's campaign list popup); stores cmpgId. */
export const campaignPopup: PopupDefinition = {
  title: '캠페인',
  url: '/api/campaign/regist/jsonList.do',
  paged: true,
  filters: [
    { field: 'cmpgTitle', label: '캠페인명' },
    { field: 'cmpgStatus', label: '상태', cdKey: 'CMPG_STATUS' },
  ],
  columns: [
    { field: 'cmpgId', title: 'ID', width: 80 },
    { field: 'cmpgTitle', title: '캠페인명', ellipsis: true },
    { field: 'agentCName', title: '대행사', ellipsis: true },
    { field: 'displayStatus', title: '상태', cdKey: 'CMPG_STATUS', tagColors: CAMPAIGN_STATUS_COLORS, width: 100 },
  ],
  valueField: 'cmpgId',
  labelField: 'cmpgTitle',
};
