import type { PopBatch } from './types';

/** Where closed batches wait until the server has acknowledged them. */
export interface BatchStore {
  /** Keeps the batch; the same `batchId` again replaces it. */
  put(batch: PopBatch): Promise<void>;
  all(): Promise<PopBatch[]>;
  remove(batchId: string): Promise<void>;
}

/** Batches in memory only: for browsers without IndexedDB (they are lost with the page). */
export function memoryBatchStore(): BatchStore {
  const batches = new Map<string, PopBatch>();
  return {
    put: async (batch) => void batches.set(batch.batchId, structuredClone(batch)),
    all: async () => [...batches.values()].map((batch) => structuredClone(batch)),
    remove: async (batchId) => void batches.delete(batchId),
  };
}
