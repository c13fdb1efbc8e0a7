import type { Conflict } from '../../components/booking/conflicts';
import { ApiCode, ApiError } from '../../lib/api/envelope';

/** What a refused approval (10409) says beyond its message: the sold-out days, or the points missing. */
export type Refusal =
  | { kind: 'conflicts'; message: string; conflicts: Conflict[] }
  | { kind: 'points'; message: string; balance: number; required: number }
  | { kind: 'other'; message: string };

export function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof ApiError) || error.code !== ApiCode.conflict) return null;
  const data = (error.data ?? {}) as Record<string, unknown>;
  if (Array.isArray(data.conflicts) && data.conflicts.length > 0) {
    return { kind: 'conflicts', message: error.message, conflicts: data.conflicts as Conflict[] };
  }
  if (typeof data.balance === 'number' && typeof data.required === 'number') {
    return { kind: 'points', message: error.message, balance: data.balance, required: data.required };
  }
  return { kind: 'other', message: error.message };
}
