// A 10-digit legal-dong code keeps 2 digits for its sido.
const SIDO_DIGITS = 2;

/** Whether text is a prefix the population list opens: a sido (2 digits). */
export function isSidoPrefix(text: string | null | undefined): text is string {
  return /^\d{2}$/.test(text ?? '');
}

/**
 * The prefix a click on a row of the list under `current` opens: the row's sido under the whole
 * country; none under a sido (the list goes from sido to sigungu, no deeper).
 */
export function drillPrefix(rowCode: string, current: string | null): string | null {
  return current === null ? rowCode.slice(0, SIDO_DIGITS) : null;
}

/** The 10-digit legal-dong code of the region a prefix names (its digits, then zeros). */
export const regionCodeOf = (prefix: string) => prefix.padEnd(10, '0');

/** What the rows under a prefix are: sido under the country, sigungu under a sido. */
export const levelLabel = (prefix: string | null) => (prefix === null ? '시도' : '시군구');
