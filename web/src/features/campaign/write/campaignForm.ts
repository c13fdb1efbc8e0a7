import { bookingBody, bookingFromDetail, isQuotable, missingBookingFields, newBooking, type BookingValues } from '../../../components/booking/booking';
import type { Row } from '../../../components/resource/definition';
import { compactBody, optionalNumber } from '../../../lib/api/bodyValues';

/** An attached material: the id sent, and what the table shows about it. */
export interface MaterialLine {
  matId: number;
  matName?: string;
  templateType?: number;
  matPlaytime?: number;
  matType?: string;
  thumbUrl?: string | null;
}

/** The values of the campaign editor: its booking, for whom, with which materials. */
export interface CampaignValues extends BookingValues {
  cmpgTitle?: string;
  advertiserCId?: number | null;
  salesUIdx?: number | null;
  agentCId?: number | null;
  materials?: MaterialLine[];
  /** A biz coupon of a small-merchant advertiser, applied after the extra adjustment. */
  cpIdx?: number | null;
  memo?: string;
}

/** A new campaign's values: one full slot on the default package, the writer's platform. */
export function newCampaignValues(platformAccess?: string | null): CampaignValues {
  return { ...newBooking(platformAccess), materials: [] };
}

/** The editor's values of a stored campaign (its detail). */
export function fromDetail(detail: Row): CampaignValues {
  return {
    cmpgTitle: String(detail.cmpgTitle ?? ''),
    advertiserCId: optionalNumber(detail.advertiserCId),
    salesUIdx: optionalNumber(detail.salesUIdx),
    agentCId: optionalNumber(detail.agentCId),
    platform: Number(detail.platform ?? 1),
    ...bookingFromDetail(detail),
    materials: ((detail.materials as MaterialLine[] | undefined) ?? []).map((material) => ({ ...material, matId: Number(material.matId) })),
    cpIdx: optionalNumber(detail.cpIdx),
    memo: String(detail.memo ?? ''),
  };
}

/** The campaign fields of api.md for a save or a quote: targets and materials as their ids. */
export function toCampaignBody(values: CampaignValues, cmpgId?: number | null): Row {
  return compactBody({
    cmpgId,
    cmpgTitle: values.cmpgTitle,
    advertiserCId: values.advertiserCId,
    agentCId: values.agentCId,
    salesUIdx: values.salesUIdx,
    platform: values.platform,
    ...bookingBody(values),
    targets: (values.targets ?? []).map(({ mgId }) => ({ mgId })),
    materials: (values.materials ?? []).map(({ matId }) => ({ matId })),
    cpIdx: values.cpIdx,
    memo: values.memo,
  });
}

/** The body of a live quote, or null while a price cannot be told yet. */
export function quoteBody(values: CampaignValues, cmpgId?: number | null): Row | null {
  return isQuotable(values) ? toCampaignBody(values, cmpgId) : null;
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
  Object.assign(missing, missingBookingFields(values));
  if ((values.materials ?? []).length === 0) missing.materials = '소재를 하나 이상 선택해 주세요.';
  return missing;
}
