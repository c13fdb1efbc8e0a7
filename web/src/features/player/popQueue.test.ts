import { describe, expect, it } from 'vitest';
import { memoryBatchStore } from './batchStore';
import { flushQueue, NO_FAILURES, retryDelayMs, type Delivery } from './popQueue';
import type { PopBatch } from './types';

const batch = (date: string, hour: number): PopBatch => ({
  batchId: `SN-1-${date}-${String(hour).padStart(2, '0')}`,
  date,
  hour,
  items: [{ cmpgId: 7, matId: 70, slotType: 1, plays: 4, seconds: 60 }],
});

/** A server that answers with `answers` in turn (the last one for ever) and remembers what it was sent. */
function server(...answers: Delivery[]) {
  const sent: string[] = [];
  return {
    sent,
    send: async (sentBatch: PopBatch): Promise<Delivery> => {
      sent.push(sentBatch.batchId);
      return answers.length > 1 ? (answers.shift() as Delivery) : answers[0];
    },
  };
}

async function storeWith(...batches: PopBatch[]) {
  const store = memoryBatchStore();
  for (const each of batches) await store.put(each);
  return store;
}

const ids = async (store: ReturnType<typeof memoryBatchStore>) => (await store.all()).map((each) => each.batchId).sort();

describe('the proof-of-play queue', () => {
  it('sends the oldest hour first and forgets each batch the server acknowledged', async () => {
    const store = await storeWith(batch('2026-11-22', 10), batch('2026-11-21', 23), batch('2026-11-22', 9));
    const answering = server('acknowledged');
    const flushed = await flushQueue(store, answering.send, NO_FAILURES, 0);
    expect(answering.sent).toEqual(['SN-1-2026-11-21-23', 'SN-1-2026-11-22-09', 'SN-1-2026-11-22-10']);
    expect(flushed.acknowledged).toEqual(answering.sent);
    expect(flushed.retry).toEqual(NO_FAILURES);
    expect(await store.all()).toEqual([]);
  });

  it('keeps every batch through an outage and delivers them all once the server answers again', async () => {
    const store = await storeWith(batch('2026-11-22', 9));
    const down = server('unreachable');
    let flushed = await flushQueue(store, down.send, NO_FAILURES, 1_000);
    expect(flushed.retry).toEqual({ failures: 1, retryAt: 16_000 });
    // More hours close during the outage; nothing is sent while the queue waits.
    await store.put(batch('2026-11-22', 10));
    expect((await flushQueue(store, down.send, flushed.retry, 10_000)).acknowledged).toEqual([]);
    expect(down.sent).toHaveLength(1);
    flushed = await flushQueue(store, down.send, flushed.retry, 16_000);
    expect(flushed.retry).toEqual({ failures: 2, retryAt: 46_000 });
    expect(await ids(store)).toEqual(['SN-1-2026-11-22-09', 'SN-1-2026-11-22-10']);

    const up = server('acknowledged');
    flushed = await flushQueue(store, up.send, flushed.retry, 46_000);
    expect(up.sent).toEqual(['SN-1-2026-11-22-09', 'SN-1-2026-11-22-10']);
    expect(flushed.retry).toEqual(NO_FAILURES);
    expect(await store.all()).toEqual([]);
  });

  it('sends at once when forced, whatever the pause', async () => {
    const store = await storeWith(batch('2026-11-22', 9));
    const up = server('acknowledged');
    const flushed = await flushQueue(store, up.send, { failures: 5, retryAt: 999_999 }, 0, true);
    expect(flushed.acknowledged).toEqual(['SN-1-2026-11-22-09']);
  });

  it('stops at the first failure, keeping what it could not send, and sends the same ids again', async () => {
    const store = await storeWith(batch('2026-11-22', 9), batch('2026-11-22', 10), batch('2026-11-22', 11));
    const flaky = server('acknowledged', 'unreachable', 'acknowledged');
    const flushed = await flushQueue(store, flaky.send, NO_FAILURES, 0);
    expect(flushed.acknowledged).toEqual(['SN-1-2026-11-22-09']);
    expect(await ids(store)).toEqual(['SN-1-2026-11-22-10', 'SN-1-2026-11-22-11']);
    await flushQueue(store, flaky.send, flushed.retry, flushed.retry.retryAt);
    expect(flaky.sent).toEqual(['SN-1-2026-11-22-09', 'SN-1-2026-11-22-10', 'SN-1-2026-11-22-10', 'SN-1-2026-11-22-11']);
    expect(await store.all()).toEqual([]);
  });

  it('drops a batch the server refuses for good and goes on with the others', async () => {
    const store = await storeWith(batch('2026-10-01', 9), batch('2026-11-22', 9));
    const flushed = await flushQueue(store, server('refused', 'acknowledged').send, NO_FAILURES, 0);
    expect(flushed.refused).toEqual(['SN-1-2026-10-01-09']);
    expect(flushed.acknowledged).toEqual(['SN-1-2026-11-22-09']);
    expect(await store.all()).toEqual([]);
  });

  it('keeps everything when the token was revoked: the counts go once the screen is paired again', async () => {
    const store = await storeWith(batch('2026-11-22', 9));
    const flushed = await flushQueue(store, server('unpaired').send, NO_FAILURES, 0);
    expect(flushed.unpaired).toBe(true);
    expect(await ids(store)).toEqual(['SN-1-2026-11-22-09']);
  });

  it('waits longer after each failure, up to ten minutes', () => {
    expect([0, 1, 2, 3, 4, 6, 7, 20].map(retryDelayMs)).toEqual([0, 15_000, 30_000, 60_000, 120_000, 480_000, 600_000, 600_000]);
  });
});
