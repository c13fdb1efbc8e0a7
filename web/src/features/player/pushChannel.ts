import type { Command, UrgentMessage } from './types';
import { PLAYER_VERSION } from './version';

/**
 * The push channel (`GET /api/player/v1/events`, a WebSocket): what the server saves for this screen
 * reaches it at once instead of at the next heartbeat. The player says hello with its token, then
 * takes `urgent` (the whole set in force), `command` and `schedule` messages, acknowledging each by
 * its id. A lost channel is opened again after a wait that doubles up to a minute, with jitter so
 * that screens cut off together do not come back together; heartbeats carry everything meanwhile.
 */
export interface PushHandlers {
  scheduleVersion: () => string;
  onUrgent: (urgent: UrgentMessage[]) => void;
  onCommand: (command: Command) => Promise<void>;
  /** The screen's loop of `date` changed to `version`. */
  onSchedule: (date: string, version: string) => void;
  /** The token was refused (close code 4401). */
  onUnpaired: () => void;
}

export interface PushOptions {
  token: string;
  url?: string;
  WebSocketImpl?: typeof WebSocket;
  random?: () => number;
}

/** The first wait before opening again, and the longest. */
export const FIRST_RETRY_MS = 1_000;
export const LONGEST_RETRY_MS = 60_000;

/** The wait before the `attempt`-th try to open again (from 0): doubling, capped, with ±50 % jitter. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(attempt, 16));
  return Math.round(base * (0.5 + random()));
}

/** The channel's address on this page's server. */
export function channelUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/player/v1/events`;
}

/** Opens the channel and keeps it open until the returned function is called. */
export function openPushChannel(options: PushOptions, handlers: PushHandlers): () => void {
  const Impl = options.WebSocketImpl ?? WebSocket;
  const random = options.random ?? Math.random;
  const url = options.url ?? channelUrl(window.location);
  let socket: WebSocket | null = null;
  let attempt = 0;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const retry = () => {
    if (closed) return;
    timer = setTimeout(open, retryDelay(attempt, random));
    attempt += 1;
  };

  const handle = async (ws: WebSocket, text: string) => {
    let message: { type?: string; id?: string; [key: string]: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (message.type === 'welcome') {
      attempt = 0;
      return;
    }
    if (message.type === 'urgent') handlers.onUrgent(Array.isArray(message.urgent) ? (message.urgent as UrgentMessage[]) : []);
    else if (message.type === 'command' && message.command) await handlers.onCommand(message.command as Command).catch((cause: unknown) => console.error('command', cause));
    else if (message.type === 'schedule') handlers.onSchedule(String(message.date ?? ''), String(message.version ?? ''));
    else return;
    if (message.id && ws.readyState === Impl.OPEN) ws.send(JSON.stringify({ type: 'ack', id: message.id }));
  };

  function open() {
    if (closed) return;
    const ws = new Impl(url);
    socket = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', token: options.token, scheduleVersion: handlers.scheduleVersion(), playerVersion: PLAYER_VERSION }));
    ws.onmessage = (event: MessageEvent) => void handle(ws, String(event.data));
    ws.onclose = (event: CloseEvent) => {
      if (socket !== ws) return;
      socket = null;
      if (event.code === 4401) handlers.onUnpaired();
      retry();
    };
    ws.onerror = () => ws.close();
  }

  open();
  return () => {
    closed = true;
    clearTimeout(timer);
    socket?.close();
    socket = null;
  };
}
