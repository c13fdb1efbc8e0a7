import type { BatchStore } from './batchStore';
import type { PopBatch } from './types';

/**
 * What became of one sending: counted (or counted before: code 0), refused for good (10400: too old,
 * out of range; sending it again cannot help), the token revoked, or no answer to rely on.
 */
export type Delivery = 'acknowledged' | 'refused' | 'unpaired' | 'unreachable';

/** The queue's pause after failures: nothing is sent before `retryAt` unless the server answered again. */
export interface RetryState {
  failures: number;
  retryAt: number;
}

export const NO_FAILURES: RetryState = { failures: 0, retryAt: 0 };

const FIRST_RETRY_MS = 15_000;
const LONGEST_RETRY_MS = 10 * 60_000;

/** 15 s after the first failure, doubling, at most 10 minutes. */
export function retryDelayMs(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** (failures - 1));
}

export interface Flushed {
  retry: RetryState;
  acknowledged: string[];
  refused: string[];
  unpaired: boolean;
}

const byHour = (a: PopBatch, b: PopBatch) => a.date.localeCompare(b.date) || a.hour - b.hour || a.batchId.localeCompare(b.batchId, 'en', { numeric: true });

/**
 * Sends the kept batches, oldest first, removing each once the server has acknowledged (or refused)
 * it. The first failure stops the round and pauses the queue with a growing delay; `force` (the
 * server just answered another call) sends at once.
 */
export async function flushQueue(
  store: BatchStore,
  send: (batch: PopBatch) => Promise<Delivery>,
  retry: RetryState,
  now: number,
  force = false,
): Promise<Flushed> {
  const result: Flushed = { retry, acknowledged: [], refused: [], unpaired: false };
  if (!force && now < retry.retryAt) return result;
  const waiting = (await store.all()).sort(byHour);
  for (const batch of waiting) {
    const delivery = await send(batch);
    if (delivery === 'unpaired') return { ...result, unpaired: true };
    if (delivery === 'unreachable') {
      const failures = retry.failures + 1;
      return { ...result, retry: { failures, retryAt: now + retryDelayMs(failures) } };
    }
    await store.remove(batch.batchId);
    result[delivery === 'acknowledged' ? 'acknowledged' : 'refused'].push(batch.batchId);
  }
  return { ...result, retry: NO_FAILURES };
}
