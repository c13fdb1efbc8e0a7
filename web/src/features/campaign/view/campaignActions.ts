import type { FieldDefinition, Row, RowAction } from '../../../components/resource/definition';
import { CampaignStatus, type CampaignListKind } from '../../../lib/campaignStatus';

/** What the server may allow on a campaign now (its detail's `actions`), computed from the status machine and the caller's rights. */
export type CampaignAction = 'save' | 'request' | 'approve' | 'reject' | 'cancel' | 'revert' | 'stop' | 'resume' | 'delete' | 'change';

/** The actions a campaign's detail allows, as the server listed them. */
export function allowedActions(row: Row): CampaignAction[] {
  return Array.isArray(row.actions) ? (row.actions as CampaignAction[]) : [];
}

export const allows = (row: Row, action: CampaignAction) => allowedActions(row).includes(action);

const REASON: FieldDefinition[] = [{ field: 'reason', label: '사유', kind: 'textarea', required: true, maxLength: 500 }];

const byId = (row: Row) => ({ cmpgId: row.cmpgId });
const withReason = (row: Row, answers: Row) => ({ cmpgId: row.cmpgId, reason: answers.reason });

/**
 * The status a call leaves the campaign in (domain.md §5), so the screen can follow it to the list
 * it now belongs to; a request from a rejected campaign becomes a re-request.
 */
export function statusAfter(action: CampaignAction, row: Row): number | null {
  const S = CampaignStatus;
  switch (action) {
    case 'request':
      return Number(row.cmpgStatus) === S.rejected ? S.rerequested : S.requested;
    case 'approve':
    case 'revert':
      return S.approved;
    case 'reject':
      return S.rejected;
    case 'cancel':
      return S.cancelled;
    case 'stop':
      return S.stopped;
    case 'resume':
      return S.live;
    case 'delete':
      return S.removed;
    default:
      return null;
  }
}

/**
 * The calling buttons of a campaign view, each shown only when the detail's `actions` allow it: the
 * server has already weighed the caller's permissions, so every viewer passes the screen's own check.
 * Saving and changing are not calls here: they open the editor and the change screen.
 */
export function campaignRowActions(kind: CampaignListKind): RowAction[] {
  const action = (key: CampaignAction, rest: Omit<RowAction, 'key' | 'permission' | 'shownWhen'>): RowAction => ({
    key,
    permission: 'view',
    shownWhen: (row) => allows(row, key),
    ...rest,
  });
  return [
    action('request', { label: '승인요청', url: '/api/campaign/regist/jsonRequest.do', body: byId, confirm: '승인을 요청하시겠습니까?', doneMessage: '승인을 요청했습니다.' }),
    action('approve', { label: '승인', url: '/api/campaign/request/jsonApproval.do', body: byId, confirm: '캠페인을 승인하시겠습니까? 슬롯이 확보됩니다.', doneMessage: '승인했습니다.' }),
    action('reject', { label: '반려', url: '/api/campaign/request/jsonReject.do', body: withReason, asks: REASON, danger: true, doneMessage: '반려했습니다.' }),
    action('cancel', { label: '승인취소', url: '/api/campaign/cancel/jsonCancel.do', body: withReason, asks: REASON, danger: true, doneMessage: '승인을 취소했습니다.' }),
    action('revert', { label: '취소 철회', url: '/api/campaign/cancel/jsonRevert.do', body: byId, confirm: '승인취소를 철회하시겠습니까? 슬롯을 다시 확인합니다.', doneMessage: '승인 상태로 되돌렸습니다.' }),
    action('stop', { label: '중지', url: '/api/campaign/run/jsonStop.do', body: withReason, asks: REASON, danger: true, doneMessage: '방송을 중지했습니다.' }),
    action('resume', { label: '재개', url: '/api/campaign/run/jsonResume.do', body: byId, confirm: '방송을 재개하시겠습니까? 슬롯을 다시 확인합니다.', doneMessage: '방송을 재개했습니다.' }),
    action('delete', {
      label: '삭제',
      // Only drafts, rejected and pending campaigns can be deleted: the temp or request call of their list.
      url: `/api/campaign/${kind === 'temp' ? 'temp' : 'request'}/jsonDelete.do`,
      body: (row) => ({ ids: [row.cmpgId] }),
      confirm: '캠페인을 삭제하시겠습니까?',
      danger: true,
      doneMessage: '삭제했습니다.',
    }),
  ];
}

/** The approve and reject buttons of a pending change request (its row carries cmpgId and chgIdx). */
export const CHANGE_ACTIONS: RowAction[] = [
  {
    key: 'approveChange',
    label: '승인',
    url: '/api/campaign/request/jsonApproval.do',
    body: (change) => ({ cmpgId: change.cmpgId, chgIdx: change.chgIdx }),
    permission: 'update',
    shownWhen: (change) => Number(change.status) === 0,
    confirm: '변경 요청을 승인하시겠습니까? 내일부터 적용됩니다.',
    doneMessage: '변경 요청을 승인했습니다.',
  },
  {
    key: 'rejectChange',
    label: '반려',
    url: '/api/campaign/request/jsonReject.do',
    body: (change, answers) => ({ cmpgId: change.cmpgId, chgIdx: change.chgIdx, reason: answers.reason }),
    permission: 'update',
    shownWhen: (change) => Number(change.status) === 0,
    asks: REASON,
    danger: true,
    doneMessage: '변경 요청을 반려했습니다.',
  },
];
