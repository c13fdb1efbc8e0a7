/** A day a target group cannot take the campaign's slots. */
export interface Conflict {
  mgId: number;
  date: string;
  capacity: number;
  used: number;
}

export interface ConflictRow extends Conflict {
  key: string;
  mgNm: string;
}

/** The conflicts in date then group order, each named by its group when the screen knows it. */
export function conflictRows(conflicts: Conflict[], groupNames: Record<number, string | undefined>): ConflictRow[] {
  return [...conflicts]
    .sort((a, b) => a.date.localeCompare(b.date) || a.mgId - b.mgId)
    .map((conflict) => ({ ...conflict, key: `${conflict.mgId}-${conflict.date}`, mgNm: groupNames[conflict.mgId] ?? `#${conflict.mgId}` }));
}
