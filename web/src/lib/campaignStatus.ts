/** The four campaign lists of the spec, each at `/campaign/{kind}/list` with its calls under `campaign/{kind}`. */
export type CampaignListKind = 'temp' | 'request' | 'run' | 'end';

export const CAMPAIGN_LIST_KINDS: CampaignListKind[] = ['temp', 'request', 'run', 'end'];

/** Stored statuses, and the display-only ones (100, 110, 120) the server derives for lists and details. */
export const CampaignStatus = {
  removed: 0,
  tempSaved: 3,
  requested: 21,
  rejected: 24,
  rerequested: 27,
  approved: 30,
  cancelled: 40,
  live: 50,
  stopped: 60,
  ended: 99,
  awaitingBroadcast: 100,
  endingSoon: 110,
  cancelledByOwner: 120,
} as const;

const S = CampaignStatus;

/** The display statuses each list holds (domain.md §5), in the order its status filter offers them. */
export const LIST_STATUSES: Record<CampaignListKind, number[]> = {
  temp: [S.tempSaved, S.rejected],
  request: [S.requested, S.rerequested],
  run: [S.awaitingBroadcast, S.live, S.endingSoon],
  end: [S.cancelledByOwner, S.cancelled, S.stopped, S.ended],
};

/** The list a status (stored or displayed) belongs to; none for a removed campaign. */
export function listOfStatus(status: number): CampaignListKind | null {
  // Stored 30 and 50 show as 100 or 110 in lists; the stored codes belong to the same list.
  const shown = status === S.approved ? S.awaitingBroadcast : status;
  return CAMPAIGN_LIST_KINDS.find((kind) => LIST_STATUSES[kind].includes(shown)) ?? null;
}

/**
 * Where a campaign of this status opens: drafts and rejected ones in their editor, the others in the
 * view of their list; a removed one goes back to the list it was in.
 */
export function campaignPath(status: number, cmpgId: unknown, fallback: CampaignListKind = 'temp'): string {
  const kind = listOfStatus(status);
  if (kind === null) return `/campaign/${fallback}/list`;
  const query = new URLSearchParams({ cmpgId: String(cmpgId) });
  return kind === 'temp' ? `/campaign/temp/write?${query}` : `/campaign/${kind}/view?${query}`;
}
