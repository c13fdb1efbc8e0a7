import { prepareBody } from './encode';
import { handleAnswer, REQUEST_FAILED_MESSAGE, type AnswerOptions, type Envelope } from './envelope';

/** Marks the call as the application's own: the server refuses state changes without it. */
export const REQUESTED_WITH = { 'X-Requested-With': 'XMLHttpRequest' } as const;

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * POSTs a JSON body to an /api path and answers the envelope, never throwing: failures come back
 * as envelopes after being alerted (unless `options` say the caller shows them). There is
 * deliberately no timeout.
 */
export async function postJson<T = unknown>(url: string, body: object = {}, options: AnswerOptions = {}): Promise<Envelope<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...REQUESTED_WITH },
      body: JSON.stringify(prepareBody(body)),
    });
  } catch (cause) {
    // The network failed before any answer: the same message as an answer that is not an envelope.
    console.error(`${url}: ${String(cause)}`);
    return handleAnswer(false, REQUEST_FAILED_MESSAGE, url, options) as Envelope<T>;
  }
  return handleAnswer(response.ok, await readBody(response), url, options) as Envelope<T>;
}

/** GETs an /api path (the few calls that are reads by address) and answers the envelope, like postJson. */
export async function getJson<T = unknown>(url: string): Promise<Envelope<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'GET',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...REQUESTED_WITH },
    });
  } catch (cause) {
    console.error(`${url}: ${String(cause)}`);
    return handleAnswer(false, REQUEST_FAILED_MESSAGE, url) as Envelope<T>;
  }
  return handleAnswer(response.ok, await readBody(response), url) as Envelope<T>;
}
