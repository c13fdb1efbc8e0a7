import { memoryBatchStore, type BatchStore } from './batchStore';
import type { PopBatch } from './types';

const STORE = 'popBatches';

/** An IndexedDB request as a promise. */
function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function open(database: string): Promise<IDBDatabase> {
  const request = indexedDB.open(database, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'batchId' });
  return done(request);
}

/** Resolves once the transaction is committed, so a kept batch survives a power cut. */
function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/**
 * Batches kept in the browser's IndexedDB, so an outage or a reload loses no counts. One database
 * per device serial: a browser paired again with another screen never reports the old one's plays
 * as its own.
 */
export function indexedDbBatchStore(serial: string): BatchStore {
  if (typeof indexedDB === 'undefined') return memoryBatchStore();
  let database: Promise<IDBDatabase> | null = null;
  const db = () => (database ??= open(`townboard-player-${serial}`));
  const write = async (change: (store: IDBObjectStore) => void) => {
    const transaction = (await db()).transaction(STORE, 'readwrite');
    change(transaction.objectStore(STORE));
    await committed(transaction);
  };
  return {
    put: (batch) => write((store) => store.put(batch)),
    all: async () => done((await db()).transaction(STORE, 'readonly').objectStore(STORE).getAll() as IDBRequest<PopBatch[]>),
    remove: (batchId) => write((store) => store.delete(batchId)),
  };
}
