import { bookingBody, bookingFromDetail, isQuotable, missingBookingFields, newBooking, type BookingValues } from '../../../components/booking/booking';
import type { Row } from '../../../components/resource/definition';
import { compactBody, optionalNumber } from '../../../lib/api/bodyValues';

/**
 * The values of the proposal editor: a campaign's booking for a named advertiser. The platform
 * chooses the product offered first; it is not stored with the proposal.
 */
export interface ProposalValues extends BookingValues {
  title?: string;
  advertiserName?: string;
  memo?: string;
}

export const MAX_TARGETS = 5000;

/** A new proposal: one full slot on the default package, the writer's platform. */
export function newProposalValues(platformAccess?: string | null): ProposalValues {
  return newBooking(platformAccess);
}

/** The editor's values of a stored proposal (its detail). */
export function fromProposalDetail(detail: Row): ProposalValues {
  return {
    title: String(detail.title ?? ''),
    advertiserName: String(detail.advertiserName ?? ''),
    platform: optionalNumber(detail.platform) ?? undefined,
    ...bookingFromDetail(detail),
    memo: String(detail.memo ?? ''),
  };
}

/**
 * The body of `report/temp/jsonSave.do`: the booking, the groups as their ids, empty texts left
 * out.
 */
export function toProposalBody(values: ProposalValues, rtIdx: number | null): Row {
  return compactBody({
    rtIdx,
    title: values.title,
    advertiserName: values.advertiserName,
    ...bookingBody(values),
    mgIds: (values.targets ?? []).map((line) => line.mgId),
    memo: values.memo,
  });
}

/** The live quote's body (the campaign quote call), or null while a price cannot be told. */
export function proposalQuoteBody(values: ProposalValues): Row | null {
  if (!isQuotable(values)) return null;
  const targets = (values.targets ?? []).map(({ mgId }) => ({ mgId }));
  return compactBody({ platform: values.platform, ...bookingBody(values), targets, materials: [] });
}

/** What must be filled before a proposal is saved, by field. */
export function missingProposalFields(values: ProposalValues): Record<string, string> {
  const missing: Record<string, string> = {};
  if (!values.title?.trim()) missing.title = '제목을 입력해 주세요.';
  if (!values.advertiserName?.trim()) missing.advertiserName = '광고주명을 입력해 주세요.';
  Object.assign(missing, missingBookingFields(values));
  const groups = (values.targets ?? []).length;
  if (groups > MAX_TARGETS) missing.targets = `매체 그룹은 ${MAX_TARGETS.toLocaleString('ko-KR')}개까지 선택할 수 있습니다.`;
  return missing;
}
