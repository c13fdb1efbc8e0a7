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
