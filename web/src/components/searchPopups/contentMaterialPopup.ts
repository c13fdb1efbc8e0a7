import { MAT_STATUS_COLORS } from '../material/materialCodes';
import type { PopupDefinition } from '../popup/definition';

/**
 * House materials that may play: approved and encoded ones only. The place it opens from narrows it
 * with conditions (`templateType`, `slotType`); stores matId.
 */
export const contentMaterialPopup: PopupDefinition = {
  title: '콘텐츠 소재',
  url: '/api/content/material/jsonApprovedList.do',
  permission: 'content.material:list',
  paged: true,
  filters: [
    { field: 'matName', label: '소재명' },
    { field: 'slotType', label: '슬롯 유형', cdKey: 'SLOT_TYPE', codes: ['2', '3'] },
  ],
  columns: [
    { field: 'thumbUrl', title: '미리보기', kind: 'image', width: 72 },
    { field: 'matId', title: 'ID', width: 70 },
    { field: 'matName', title: '소재명', ellipsis: true, name: true },
    { field: 'slotType', title: '슬롯 유형', cdKey: 'SLOT_TYPE', width: 90 },
    { field: 'templateType', title: '템플릿', cdKey: 'TEMPLATE_TYPE', ellipsis: true },
    { field: 'matPlaytime', title: '재생 시간', cdKey: 'MAT_PLAYTIME', width: 90 },
    { field: 'matStatus', title: '상태', cdKey: 'MAT_STATUS', tagColors: MAT_STATUS_COLORS, width: 80 },
  ],
  valueField: 'matId',
  labelField: 'matName',
  labelLookup: { url: '/api/content/material/jsonDetail.do', body: (matId) => ({ matId: Number(matId) }), permission: 'content.material:view' },
};
