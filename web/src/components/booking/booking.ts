import { compactBody, optionalNumber } from '../../lib/api/bodyValues';
import { dateDiffDays, parseDate } from '../../lib/dates';
import type { Row } from '../common/listTypes';

/** The package a new booking starts with (spec §9). */
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

/**
 * What a campaign and a proposal book alike: a product of a package on a platform, two days, slots
 * at a schedule rate, the target groups, and an extra discount or surcharge. The period is one field
 * of two days, as it is picked.
 */
export interface BookingValues {
  platform?: number;
  pkgId?: string | null;
  prdId?: string | null;
  period?: [string, string] | null;
  slotCnt?: number | null;
  schdRate?: number;
  targets?: TargetLine[];
  extraType?: 'KRW' | 'PCT';
  extraValue?: number | null;
}

/** A new booking: one full slot on the default package, the writer's platform. */
export function newBooking(platformAccess?: string | null): BookingValues {
  return {
    platform: platformAccess === 'SME' ? 2 : 1,
    pkgId: DEFAULT_PACKAGE_ID,
    slotCnt: 1,
    schdRate: 100,
    extraType: 'KRW',
    targets: [],
  };
}

/** The booking of a stored campaign or proposal (its detail), but its platform. */
export function bookingFromDetail(detail: Row): BookingValues {
  const start = typeof detail.startDate === 'string' ? detail.startDate : '';
  const end = typeof detail.endDate === 'string' ? detail.endDate : '';
  return {
    pkgId: (detail.pkgId as string | null) ?? DEFAULT_PACKAGE_ID,
    prdId: (detail.prdId as string | null) ?? null,
    period: start && end ? [start, end] : null,
    slotCnt: optionalNumber(detail.slotCnt),
    schdRate: Number(detail.schdRate ?? 100),
    targets: ((detail.targets as TargetLine[] | undefined) ?? []).map((target) => ({ ...target, mgId: Number(target.mgId) })),
    extraType: detail.extraType === 'PCT' ? 'PCT' : 'KRW',
    extraValue: optionalNumber(detail.extraValue),
  };
}

/**
 * The booking's fields of a request, the same in a campaign and a proposal: the product, the two
 * days, the slots and the adjustment. Empty values stay behind; no extra type travels without an
 * extra value.
 */
export function bookingBody(values: BookingValues): Row {
  const adjusted = values.extraValue !== null && values.extraValue !== undefined && values.extraValue !== 0;
  return compactBody({
    pkgId: values.pkgId,
    prdId: values.prdId,
    startDate: values.period?.[0],
    endDate: values.period?.[1],
    slotCnt: values.slotCnt,
    schdRate: values.schdRate,
    ...(adjusted ? { extraType: values.extraType ?? 'KRW', extraValue: values.extraValue } : {}),
  });
}

/** Whether the period is two real days in order. */
export function isPeriod(period: BookingValues['period']): period is [string, string] {
  return !!period && parseDate(period[0]) !== null && parseDate(period[1]) !== null && dateDiffDays(period[0], period[1]) >= 0;
}

/** Whether a price can be told yet: a product, a period, a slot count and at least one group are needed. */
export function isQuotable(values: BookingValues): boolean {
  return !!values.prdId && isPeriod(values.period) && (values.slotCnt ?? 0) >= 1 && (values.targets ?? []).length > 0;
}

/** What of the booking must be filled before it is saved or requested, by form field. */
export function missingBookingFields(values: BookingValues): Record<string, string> {
  const missing: Record<string, string> = {};
  if (!values.pkgId) missing.pkgId = '패키지를 선택해 주세요.';
  if (!values.prdId) missing.prdId = '상품을 선택해 주세요.';
  if (!isPeriod(values.period)) missing.period = '기간을 선택해 주세요.';
  const slots = values.slotCnt ?? 0;
  if (!Number.isInteger(slots) || slots < 1 || slots > MAX_SLOT_CNT) missing.slotCnt = `구좌 수는 1~${MAX_SLOT_CNT} 사이여야 합니다.`;
  if ((values.targets ?? []).length === 0) missing.targets = '매체 그룹을 하나 이상 선택해 주세요.';
  return missing;
}

/**
 * The editor's field showing a server field's error: the two days share the period, the groups
 * (as lines or as their ids) the targets, a line of a table its table.
 */
export function bookingFieldOf(serverField: string): string {
  const head = serverField.split(/[.[]/)[0];
  if (head === 'startDate' || head === 'endDate') return 'period';
  if (head === 'mgIds') return 'targets';
  return head;
}

/** A server answer's field errors, as the editor's fields show them (several on one field joined). */
export function toFormErrors(fieldErrors: Record<string, string>): { name: string; errors: string[] }[] {
  const byField = new Map<string, string[]>();
  for (const [field, message] of Object.entries(fieldErrors)) {
    const name = bookingFieldOf(field);
    byField.set(name, [...(byField.get(name) ?? []), message]);
  }
  return [...byField].map(([name, errors]) => ({ name, errors }));
}
