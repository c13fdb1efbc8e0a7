import { MAT_STATUS_COLORS } from '../material/materialCodes';
import type { PopupDefinition } from '../popup/definition';

/**
 * Materials a campaign may attach: approved and encoded ones only. The place it opens from narrows
 * it with conditions (`advertiserCId`, `templateType`); stores matId.
 */
export const materialPopup: PopupDefinition = {
  title: '소재',
  url: '/api/campaign/material/jsonApprovedList.do',
  permission: 'campaign.material:list',
  paged: true,
  filters: [
    { field: 'matName', label: '소재명' },
    { field: 'templateType', label: '템플릿', cdKey: 'TEMPLATE_TYPE' },
  ],
  columns: [
    { field: 'thumbUrl', title: '미리보기', kind: 'image', width: 72 },
    { field: 'matId', title: 'ID', width: 70 },
    { field: 'matName', title: '소재명', ellipsis: true, name: true },
    { field: 'templateType', title: '템플릿', cdKey: 'TEMPLATE_TYPE', ellipsis: true },
    { field: 'matPlaytime', title: '재생 시간', cdKey: 'MAT_PLAYTIME', width: 90 },
    { field: 'createdAt', title: '등록일시', kind: 'dateTime', width: 170 },
    { field: 'matStatus', title: '상태', cdKey: 'MAT_STATUS', tagColors: MAT_STATUS_COLORS, width: 80 },
  ],
  valueField: 'matId',
  labelField: 'matName',
  labelLookup: { url: '/api/campaign/material/jsonDetail.do', body: (matId) => ({ matId: Number(matId) }), permission: 'campaign.material:view' },
};
