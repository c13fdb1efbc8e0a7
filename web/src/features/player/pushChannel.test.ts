import { afterEach, describe, expect, it, vi } from 'vitest';
import { channelUrl, openPushChannel, retryDelay, type PushHandlers } from './pushChannel';

/** A WebSocket double: what the player sends, and the server's side in the test's hands. */
class FakeSocket {
  static OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(public url: string) {
    FakeSocket.made.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function handlers(): PushHandlers & { urgent: unknown[][]; commands: unknown[]; schedules: string[][]; unpaired: number } {
  const seen = { urgent: [] as unknown[][], commands: [] as unknown[], schedules: [] as string[][], unpaired: 0 };
  return Object.assign(seen, {
    scheduleVersion: () => 'v1',
    onUrgent: (urgent: unknown[]) => void seen.urgent.push(urgent),
    onCommand: async (command: unknown) => void seen.commands.push(command),
    onSchedule: (date: string, version: string) => void seen.schedules.push([date, version]),
    onUnpaired: () => void (seen.unpaired += 1),
  });
}

describe('the push channel', () => {
  afterEach(() => {
    FakeSocket.made = [];
    vi.useRealTimers();
  });

  it('says hello with the token, hands each message on and acknowledges it by its id', async () => {
    const h = handlers();
    const close = openPushChannel({ token: 'tok', url: 'ws://x/api/player/v1/events', WebSocketImpl: FakeSocket as unknown as typeof WebSocket }, h);
    const ws = FakeSocket.made[0];
    ws.open();
    expect(ws.sent[0]).toMatchObject({ type: 'hello', token: 'tok', scheduleVersion: 'v1' });
    ws.receive({ type: 'welcome', mediaId: 7, serverTime: '2026-11-25 10:00:00' });
    const alert = { umIdx: 3, text: '대피', startAt: '2026-11-25 10:00:00', endAt: '2026-11-25 11:00:00' };
    ws.receive({ type: 'urgent', id: 'u-1-1', urgent: [alert] });
    ws.receive({ type: 'schedule', id: 's-1-2', date: '2026-11-25', version: 'abc' });
    ws.receive({ type: 'command', id: 'c-1-3', command: { id: 9, type: 'capture', payload: { uuid: 'x' } } });
    await vi.waitFor(() => expect(ws.sent).toHaveLength(4));
    expect(h.urgent).toEqual([[alert]]);
    expect(h.schedules).toEqual([['2026-11-25', 'abc']]);
    expect(h.commands).toEqual([{ id: 9, type: 'capture', payload: { uuid: 'x' } }]);
    expect(ws.sent.slice(1)).toEqual([
      { type: 'ack', id: 'u-1-1' },
      { type: 'ack', id: 's-1-2' },
      { type: 'ack', id: 'c-1-3' },
    ]);
    close();
  });

  it('opens again after a wait that grows with each failure, and stops when closed', () => {
    vi.useFakeTimers();
    const h = handlers();
    const close = openPushChannel({ token: 't', url: 'ws://x', WebSocketImpl: FakeSocket as unknown as typeof WebSocket, random: () => 0.5 }, h);
    FakeSocket.made[0].drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(2);
    FakeSocket.made[1].drop();
    vi.advanceTimersByTime(1_999);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(3);
    close();
    FakeSocket.made[2].drop();
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.made).toHaveLength(3);
  });

  it('tells of a refused token', () => {
    vi.useFakeTimers();
    const h = handlers();
    const close = openPushChannel({ token: 'bad', url: 'ws://x', WebSocketImpl: FakeSocket as unknown as typeof WebSocket }, h);
    FakeSocket.made[0].drop(4401);
    expect(h.unpaired).toBe(1);
    close();
  });

  it('waits with jitter, never past a minute and a half', () => {
    expect(retryDelay(0, () => 0)).toBe(500);
    expect(retryDelay(0, () => 0.999)).toBe(1_499);
    expect(retryDelay(3, () => 0.5)).toBe(8_000);
    expect(retryDelay(40, () => 0.999)).toBeLessThanOrEqual(90_000);
    expect(channelUrl({ protocol: 'https:', host: 'tb.example' })).toBe('wss://tb.example/api/player/v1/events');
    expect(channelUrl({ protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/api/player/v1/events');
  });
});
