import { CampaignStatus, listOfStatus } from '../../../lib/campaignStatus';
import { hasPermission, programOf } from '../../../lib/permission';
import type { SessionUser } from '../../../lib/session/user';

/** The campaign list showing the campaigns of one display status. */
export function campaignStatusPath(displayStatus: number): string | null {
  const kind = listOfStatus(displayStatus);
  return kind === null ? null : `/campaign/${kind}/list?${new URLSearchParams({ cmpgStatus: String(displayStatus) })}`;
}

/** The lists the campaign count cards summarise, with their filter applied. */
export const CAMPAIGN_CARD_PATHS = {
  // Every request waits for approval: the list is its own filter.
  awaitingApproval: '/campaign/request/list',
  live: campaignStatusPath(CampaignStatus.live) as string,
  endingSoon: campaignStatusPath(CampaignStatus.endingSoon) as string,
};

/** The slot report over the days a chart shows (none when there are none). */
export function slotReportPath(dates: string[]): string | null {
  if (dates.length === 0) return null;
  const sorted = [...dates].sort();
  return `/report/slot/list?${new URLSearchParams({ fromDate: sorted[0], toDate: sorted[sorted.length - 1] })}`;
}

/** A settlement list opened on one month. */
export const settlementPath = (list: 'media' | 'sales', month: string) => `/settlement/${list}/list?${new URLSearchParams({ month })}`;

export const screenPath = (mediaId: number) => `/media/media/view?${new URLSearchParams({ mediaId: String(mediaId) })}`;

/**
 * Whether the user may open a screen of the app by its address: the list (or view) permission of
 * its program. A card or a chart links only where the user may go.
 */
export function mayOpen(user: Pick<SessionUser, 'programCodeList'> | null, path: string): boolean {
  const pathname = path.split('?')[0];
  const kind = pathname.endsWith('/view') ? 'view' : 'list';
  return hasPermission(user, `${programOf(pathname)}:${kind}`);
}
