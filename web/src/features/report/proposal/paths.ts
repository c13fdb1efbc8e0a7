/** The printable document of a proposal. */
export const proposalViewPath = (rtIdx: number) => `/report/temp/view?${new URLSearchParams({ rtIdx: String(rtIdx) })}`;

/** The editor of a proposal (a new one without an id). */
export const proposalWritePath = (rtIdx?: number) =>
  rtIdx === undefined ? '/report/temp/write' : `/report/temp/write?${new URLSearchParams({ rtIdx: String(rtIdx) })}`;

/** The proposal id of an address's `?rtIdx=`; none for a new proposal or an id that is not one. */
export function rtIdxOf(params: URLSearchParams): number | null {
  const text = params.get('rtIdx');
  return text && /^\d+$/.test(text) ? Number(text) : null;
}
