import { ENCODING, MATERIAL_STATUS } from '../../../components/material/materialCodes';
import type { PopupDefinition } from '../../../components/popup/definition';
import { materialPopup } from '../../../components/searchPopups/materialPopup';

/** Board video materials a video post may show: approved and encoded ones, searched like a campaign's; stores matId. */
export const boardVideoMaterialPopup: PopupDefinition = {
  ...materialPopup,
  title: '게시판 영상 소재',
  url: '/api/board/adMaterial/jsonList.do',
  permission: 'board.adMaterial:list',
  conditions: { matStatus: MATERIAL_STATUS.approved, encodingStatus: ENCODING.done },
  labelLookup: { url: '/api/board/adMaterial/jsonDetail.do', body: (matId) => ({ matId: Number(matId) }), permission: 'board.adMaterial:view' },
};
