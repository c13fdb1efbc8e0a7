import { formatBizNo } from '../../lib/bizNo';
import type { PopupDefinition } from '../popup/definition';

/** Advertisers (advertiser corps with their main user): stores the corp's cId. */
export const advertiserPopup: PopupDefinition = {
  title: '광고주',
  url: '/api/account/advertiser/jsonList.do',
  permission: 'account.advertiser:list',
  paged: true,
  filters: [
    { field: 'cName', label: '광고주명' },
    { field: 'cBizNo', label: '사업자등록번호' },
    { field: 'uName', label: '담당자명' },
  ],
  columns: [
    { field: 'cName', title: '광고주명', name: true },
    { field: 'cBizNo', title: '사업자등록번호', width: 130, render: formatBizNo },
    { field: 'uId', title: '아이디', width: 120 },
    { field: 'uName', title: '담당자명', width: 110 },
    { field: 'cStatus', title: '상태', cdKey: 'CORP_STATUS', width: 80 },
  ],
  valueField: 'cId',
  labelField: 'cName',
  labelLookup: { url: '/api/common/corp/byCId.do', body: (cId) => ({ cId: Number(cId) }), permission: null },
};
