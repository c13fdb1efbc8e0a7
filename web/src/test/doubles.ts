/** Stand-ins for what tests keep out of the way: the alerts on screen and the server behind fetch. */
import { vi } from 'vitest';
import { bindNotifier } from '../lib/notify';

/** Captures the application's alerts instead of showing them. */
export function captureAlerts() {
  const notifier = { warning: vi.fn(), success: vi.fn() };
  bindNotifier(notifier as unknown as Parameters<typeof bindNotifier>[0]);
  return {
    alerts: () => notifier.warning.mock.calls.map(([args]) => (args as { content: string }).content),
    successes: () => notifier.success.mock.calls.map(([args]) => (args as { content: string }).content),
  };
}

/** A fetch answering with a JSON (or text) body and an HTTP status. */
export function answer(body: unknown, status = 200): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Stands in for XMLHttpRequest (uploads with progress): keeps every request made, lets the test
 * report upload progress and answer. Install with `vi.stubGlobal('XMLHttpRequest', FakeUpload)`.
 */
export class FakeUpload {
  static made: FakeUpload[] = [];
  url = '';
  sent: FormData | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;

  constructor() {
    FakeUpload.made.push(this);
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.sent = body;
  }
  /** Reports this much of the body sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  /** Answers with this envelope. */
  respond(envelope: unknown, status = 200) {
    this.status = status;
    this.responseText = JSON.stringify(envelope);
    this.onload?.();
  }
}
