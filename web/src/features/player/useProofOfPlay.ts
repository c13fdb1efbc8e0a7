import { useCallback, useEffect, useMemo, useRef } from 'react';
import { closeEarly, emptyHour, hourOf, recordPlay, rollTo, type HourCounts, type Rolled } from './hourCounter';
import { indexedDbBatchStore } from './indexedDbBatchStore';
import { loadOpenHour, saveOpenHour } from './openHourStore';
import type { Played } from './playback';
import type { Answer, PlayerApi } from './playerApi';
import { batchOf } from './popBatch';
import { flushQueue, NO_FAILURES, type Delivery } from './popQueue';
import type { PopBatch } from './types';

interface Options {
  api: PlayerApi;
  serial: string;
  /** Tests only: close the open hour this often (see testParams). */
  popEverySecs: number | null;
  onUnpaired: () => void;
}

/** How often the open hour is checked for its end (and the queue for batches due again). */
const CHECK_MS = 30_000;

function deliveryOf(answer: Answer<unknown>): Delivery {
  switch (answer.kind) {
    case 'ok':
      return 'acknowledged';
    case 'unpaired':
      return 'unpaired';
    case 'refused':
      // Invalid or too large: the same batch would be refused again.
      return answer.code === 10400 || answer.code === 10413 ? 'refused' : 'unreachable';
    default:
      return 'unreachable';
  }
}

/**
 * Proof of play: every item played is counted into its hour; an hour that has ended becomes a
 * batch kept in IndexedDB and sent, and stays there until the server acknowledges it, so an outage
 * or a reload loses no counts. `retryNow` sends at once (the server has just answered something).
 */
export function useProofOfPlay({ api, serial, popEverySecs, onUnpaired }: Options) {
  const store = useMemo(() => indexedDbBatchStore(serial), [serial]);
  const counts = useRef<HourCounts>(loadOpenHour(serial) ?? emptyHour(hourOf(new Date())));
  const retry = useRef(NO_FAILURES);
  const flushing = useRef<Promise<void> | null>(null);
  /** A flush asked for while one runs: it runs again after, forced if any asker forced it. */
  const queued = useRef<{ force: boolean } | null>(null);
  const unpaired = useRef(onUnpaired);
  useEffect(() => {
    unpaired.current = onUnpaired;
  });

  const send = useCallback(async (batch: PopBatch) => deliveryOf(await api.post('pop', batch)), [api]);

  const flush = useCallback(
    (force: boolean): Promise<void> => {
      if (flushing.current) {
        queued.current = { force: force || (queued.current?.force ?? false) };
        return flushing.current;
      }
      const rounds = async () => {
        let asked: { force: boolean } | null = { force };
        while (asked) {
          queued.current = null;
          const flushed = await flushQueue(store, send, retry.current, Date.now(), asked.force);
          retry.current = flushed.retry;
          if (flushed.unpaired) return unpaired.current();
          asked = queued.current;
        }
      };
      flushing.current = rounds()
        .catch((cause: unknown) => console.error('proof of play', cause))
        .finally(() => (flushing.current = null));
      return flushing.current;
    },
    [store, send],
  );

  /** Keeps the closed hours as batches first, then the open one: a cut in between sends a batch twice, never loses one. */
  const settle = useCallback(
    async ({ open, closed }: Rolled) => {
      counts.current = open;
      for (const hour of closed) {
        const batch = batchOf(serial, hour);
        if (batch) await store.put(batch);
      }
      saveOpenHour(serial, open);
    },
    [serial, store],
  );

  const record = useCallback(
    (played: Played) => {
      const rolled = recordPlay(counts.current, played.item, played.seconds, played.endedAt);
      settle(rolled)
        .then(() => (rolled.closed.length > 0 ? flush(false) : undefined))
        .catch((cause: unknown) => console.error('proof of play', cause));
    },
    [settle, flush],
  );

  useEffect(() => {
    let lastEarly = Date.now();
    const check = () => {
      let rolled = rollTo(counts.current, new Date());
      if (popEverySecs !== null && Date.now() - lastEarly >= popEverySecs * 1_000 && rolled.closed.length === 0) {
        lastEarly = Date.now();
        rolled = closeEarly(rolled.open);
      }
      settle(rolled)
        .then(() => flush(false))
        .catch((cause: unknown) => console.error('proof of play', cause));
    };
    check();
    const timer = setInterval(check, popEverySecs === null ? CHECK_MS : Math.min(CHECK_MS, popEverySecs * 1_000));
    return () => clearInterval(timer);
  }, [popEverySecs, settle, flush]);

  const retryNow = useCallback(() => void flush(true), [flush]);
  return { record, retryNow };
}
