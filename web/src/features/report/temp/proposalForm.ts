import type { Row } from '../../../components/resource/definition';
import { DEFAULT_PACKAGE_ID, MAX_SLOT_CNT, isPeriod, newCampaignValues, quoteBody, type TargetLine } from '../../campaign/write/campaignForm';

/** The values of the proposal editor: a campaign's product, period, slots and groups, for a named advertiser. */
export interface ProposalValues {
  title?: string;
  advertiserName?: string;
  /** Chooses the product offered first; not stored with the proposal. */
  platform?: number;
  pkgId?: string | null;
  prdId?: string | null;
  period?: [string, string] | null;
  slotCnt?: number | null;
  schdRate?: number;
  targets?: TargetLine[];
  extraType?: 'KRW' | 'PCT';
  extraValue?: number | null;
  memo?: string;
}

export const MAX_TARGETS = 5000;

/** A new proposal: one full slot on the default package, the writer's platform. */
export function newProposalValues(platformAccess?: string | null): ProposalValues {
  const { platform, pkgId, slotCnt, schdRate, extraType } = newCampaignValues(platformAccess);
  return { platform, pkgId, slotCnt, schdRate, extraType, targets: [] };
}

const numberOrNull = (value: unknown) => (value === null || value === undefined || value === '' ? null : Number(value));

/** The editor's values of a stored proposal (its detail). */
export function fromProposalDetail(detail: Row): ProposalValues {
  const start = typeof detail.startDate === 'string' ? detail.startDate : '';
  const end = typeof detail.endDate === 'string' ? detail.endDate : '';
  return {
    title: String(detail.title ?? ''),
    advertiserName: String(detail.advertiserName ?? ''),
    platform: numberOrNull(detail.platform) ?? undefined,
    pkgId: (detail.pkgId as string | null) ?? DEFAULT_PACKAGE_ID,
    prdId: (detail.prdId as string | null) ?? null,
    period: start && end ? [start, end] : null,
    slotCnt: numberOrNull(detail.slotCnt),
    schdRate: Number(detail.schdRate ?? 100),
    targets: ((detail.targets as TargetLine[] | undefined) ?? []).map((target) => ({ ...target, mgId: Number(target.mgId) })),
    extraType: detail.extraType === 'PCT' ? 'PCT' : 'KRW',
    extraValue: numberOrNull(detail.extraValue),
    memo: String(detail.memo ?? ''),
  };
}

/**
 * The body of `report/temp/jsonSave.do`: the groups go as their ids, the period as its two days, no
 * extra type without an extra value, empty texts left out.
 */
export function toProposalBody(values: ProposalValues, rtIdx: number | null): Row {
  const body: Row = {};
  const put = (field: string, value: unknown) => {
    if (value === null || value === undefined) return;
    if (typeof value === 'string') {
      if (value.trim() !== '') body[field] = value.trim();
      return;
    }
    body[field] = value;
  };
  put('rtIdx', rtIdx);
  put('title', values.title);
  put('advertiserName', values.advertiserName);
  put('pkgId', values.pkgId);
  put('prdId', values.prdId);
  put('slotCnt', values.slotCnt);
  put('schdRate', values.schdRate);
  put('startDate', values.period?.[0]);
  put('endDate', values.period?.[1]);
  body.mgIds = (values.targets ?? []).map((line) => line.mgId);
  if (values.extraValue !== null && values.extraValue !== undefined && values.extraValue !== 0) {
    put('extraType', values.extraType ?? 'KRW');
    put('extraValue', values.extraValue);
  }
  put('memo', values.memo);
  return body;
}

/** The live quote's body (the campaign quote call), or null while a price cannot be told. */
export function proposalQuoteBody(values: ProposalValues): Row | null {
  const { pkgId, prdId, period, slotCnt, schdRate, targets, extraType, extraValue } = values;
  return quoteBody({ platform: values.platform, pkgId, prdId, period, slotCnt, schdRate, targets, extraType, extraValue });
}

/** What must be filled before a proposal is saved, by field. */
export function missingProposalFields(values: ProposalValues): Record<string, string> {
  const missing: Record<string, string> = {};
  if (!values.title?.trim()) missing.title = '제목을 입력해 주세요.';
  if (!values.advertiserName?.trim()) missing.advertiserName = '광고주명을 입력해 주세요.';
  if (!values.pkgId) missing.pkgId = '패키지를 선택해 주세요.';
  if (!values.prdId) missing.prdId = '상품을 선택해 주세요.';
  if (!isPeriod(values.period)) missing.period = '기간을 선택해 주세요.';
  const slots = values.slotCnt ?? 0;
  if (!Number.isInteger(slots) || slots < 1 || slots > MAX_SLOT_CNT) missing.slotCnt = `구좌 수는 1~${MAX_SLOT_CNT} 사이여야 합니다.`;
  const groups = (values.targets ?? []).length;
  if (groups === 0) missing.targets = '매체 그룹을 하나 이상 선택해 주세요.';
  else if (groups > MAX_TARGETS) missing.targets = `매체 그룹은 ${MAX_TARGETS.toLocaleString('ko-KR')}개까지 선택할 수 있습니다.`;
  return missing;
}

/** The editor's field showing a server field's error: the two days share the period, the group ids the groups. */
export function proposalFieldOf(serverField: string): string {
  const head = serverField.split(/[.[]/)[0];
  if (head === 'startDate' || head === 'endDate') return 'period';
  if (head === 'mgIds') return 'targets';
  return head;
}
