import type { Row } from '../../../components/resource/definition';
import { dateDiffDays, parseDate } from '../../../lib/dates';

/** The package a new campaign starts with (spec §9). */
export const DEFAULT_PACKAGE_ID = 'P000000003';
export const MAX_SLOT_CNT = 10;

/** A target media group as the form keeps it: the id sent, and what the table shows about it. */
export interface TargetLine {
  mgId: number;
  mgNm?: string;
  poiNm?: string;
  mediaCnt?: number;
  templateType?: number;
}

/** An attached material: the id sent, and what the table shows about it. */
export interface MaterialLine {
  matId: number;
  matName?: string;
  templateType?: number;
  matPlaytime?: number;
  matType?: string;
  thumbUrl?: string | null;
}

/** The values of the campaign editor; the period is one field of two days, as it is picked. */
export interface CampaignValues {
  cmpgTitle?: string;
  advertiserCId?: number | null;
  salesUIdx?: number | null;
  agentCId?: number | null;
  platform?: number;
  pkgId?: string | null;
  prdId?: string | null;
  period?: [string, string] | null;
  slotCnt?: number | null;
  schdRate?: number;
  targets?: TargetLine[];
  materials?: MaterialLine[];
  extraType?: 'KRW' | 'PCT';
  extraValue?: number | null;
  /** A biz coupon of a small-merchant advertiser, applied after the extra adjustment. */
  cpIdx?: number | null;
  memo?: string;
}

/** A new campaign's values: one full slot on the default package, the writer's platform. */
export function newCampaignValues(platformAccess?: string | null): CampaignValues {
  return {
    platform: platformAccess === 'SME' ? 2 : 1,
    pkgId: DEFAULT_PACKAGE_ID,
    slotCnt: 1,
    schdRate: 100,
    extraType: 'KRW',
    targets: [],
    materials: [],
  };
}

const numberOrNull = (value: unknown) => (value === null || value === undefined || value === '' ? null : Number(value));

/** The editor's values of a stored campaign (its detail). */
export function fromDetail(detail: Row): CampaignValues {
  const start = typeof detail.startDate === 'string' ? detail.startDate : '';
  const end = typeof detail.endDate === 'string' ? detail.endDate : '';
  return {
    cmpgTitle: String(detail.cmpgTitle ?? ''),
    advertiserCId: numberOrNull(detail.advertiserCId),
    salesUIdx: numberOrNull(detail.salesUIdx),
    agentCId: numberOrNull(detail.agentCId),
    platform: Number(detail.platform ?? 1),
    pkgId: (detail.pkgId as string | null) ?? DEFAULT_PACKAGE_ID,
    prdId: (detail.prdId as string | null) ?? null,
    period: start && end ? [start, end] : null,
    slotCnt: numberOrNull(detail.slotCnt),
    schdRate: Number(detail.schdRate ?? 100),
    targets: ((detail.targets as TargetLine[] | undefined) ?? []).map((target) => ({ ...target, mgId: Number(target.mgId) })),
    materials: ((detail.materials as MaterialLine[] | undefined) ?? []).map((material) => ({ ...material, matId: Number(material.matId) })),
    extraType: detail.extraType === 'PCT' ? 'PCT' : 'KRW',
    extraValue: numberOrNull(detail.extraValue),
    cpIdx: numberOrNull(detail.cpIdx),
    memo: String(detail.memo ?? ''),
  };
}

/**
 * The campaign fields of api.md for a save or a quote. Empty values stay behind so the server applies
 * its defaults instead of refusing a null; no extra type travels without an extra value.
 */
export function toCampaignBody(values: CampaignValues, cmpgId?: number | null): Row {
  const body: Row = {};
  const put = (field: string, value: unknown) => {
    if (value === null || value === undefined) return;
    if (typeof value === 'string') {
      if (value.trim() === '') return;
      body[field] = value.trim();
      return;
    }
    body[field] = value;
  };
  put('cmpgId', cmpgId);
  put('cmpgTitle', values.cmpgTitle);
  put('advertiserCId', values.advertiserCId);
  put('agentCId', values.agentCId);
  put('salesUIdx', values.salesUIdx);
  put('platform', values.platform);
  put('pkgId', values.pkgId);
  put('prdId', values.prdId);
  put('startDate', values.period?.[0]);
  put('endDate', values.period?.[1]);
  put('slotCnt', values.slotCnt);
  put('schdRate', values.schdRate);
  body.targets = (values.targets ?? []).map(({ mgId }) => ({ mgId }));
  body.materials = (values.materials ?? []).map(({ matId }) => ({ matId }));
  if (values.extraValue !== null && values.extraValue !== undefined && values.extraValue !== 0) {
    put('extraType', values.extraType ?? 'KRW');
    put('extraValue', values.extraValue);
  }
  put('cpIdx', values.cpIdx);
  put('memo', values.memo);
  return body;
}

/** Whether the period is two real days in order. */
export function isPeriod(period: CampaignValues['period']): period is [string, string] {
  return !!period && parseDate(period[0]) !== null && parseDate(period[1]) !== null && dateDiffDays(period[0], period[1]) >= 0;
}

/**
 * The body of a live quote, or null while a price cannot be told yet: a product, a period, a slot
 * count and at least one group are needed.
 */
export function quoteBody(values: CampaignValues, cmpgId?: number | null): Row | null {
  const quotable = !!values.prdId && isPeriod(values.period) && (values.slotCnt ?? 0) >= 1 && (values.targets ?? []).length > 0;
  return quotable ? toCampaignBody(values, cmpgId) : null;
}

export type Purpose = 'save' | 'request';

/**
 * What must be filled before the campaign is sent, by form field: a draft needs its title and
 * advertiser; a request needs everything a campaign plays with.
 */
export function missingFields(values: CampaignValues, purpose: Purpose): Record<string, string> {
  const missing: Record<string, string> = {};
  if (!values.cmpgTitle?.trim()) missing.cmpgTitle = '캠페인명을 입력해 주세요.';
  if (!values.advertiserCId) missing.advertiserCId = '광고주를 선택해 주세요.';
  if (purpose === 'save') return missing;
  if (!values.pkgId) missing.pkgId = '패키지를 선택해 주세요.';
  if (!values.prdId) missing.prdId = '상품을 선택해 주세요.';
  if (!isPeriod(values.period)) missing.period = '기간을 선택해 주세요.';
  const slots = values.slotCnt ?? 0;
  if (!Number.isInteger(slots) || slots < 1 || slots > MAX_SLOT_CNT) missing.slotCnt = `구좌 수는 1~${MAX_SLOT_CNT} 사이여야 합니다.`;
  if ((values.targets ?? []).length === 0) missing.targets = '매체 그룹을 하나 이상 선택해 주세요.';
  if ((values.materials ?? []).length === 0) missing.materials = '소재를 하나 이상 선택해 주세요.';
  return missing;
}

/** The editor's field showing a server field's error: the two days share the period, lines their table. */
export function formFieldOf(serverField: string): string {
  const head = serverField.split(/[.[]/)[0];
  if (head === 'startDate' || head === 'endDate') return 'period';
  return head;
}

/** A server answer's field errors, as the editor's fields show them (several on one field joined). */
export function toFormErrors(fieldErrors: Record<string, string>): { name: string; errors: string[] }[] {
  const byField = new Map<string, string[]>();
  for (const [field, message] of Object.entries(fieldErrors)) {
    const name = formFieldOf(field);
    byField.set(name, [...(byField.get(name) ?? []), message]);
  }
  return [...byField].map(([name, errors]) => ({ name, errors }));
}
