/** The status of a month: open (figures computed live) or closed (figures stored, read only). */
export const OPEN = 0;
export const CLOSED = 1;

export const CLOSING_STATUS_LABELS: Record<number, string> = { [OPEN]: '미마감', [CLOSED]: '마감' };
export const CLOSING_STATUS_COLORS: Record<number, string> = { [OPEN]: 'default', [CLOSED]: 'green' };
