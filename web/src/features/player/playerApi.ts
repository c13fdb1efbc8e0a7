import { ApiCode, type Envelope } from '../../lib/api/envelope';

/**
 * What a call to the device API came to: the data; 304 (what the player holds is current); refused
 * with a code and message; the token is no longer valid (pair again); or no answer to rely on (network
 * down, timeout, server trouble, too many requests: try later).
 */
export type Answer<T> =
  | { kind: 'ok'; data: T; headers: Headers }
  | { kind: 'notModified' }
  | { kind: 'refused'; code: number; message: string }
  | { kind: 'unpaired' }
  | { kind: 'unreachable'; reason: string };

export type Fetch = typeof fetch;

const BASE = '/api/player/v1/';
/** A call the server has not answered in this time is taken as unanswered. */
const CALL_TIMEOUT_MS = 20_000;

function isEnvelope(value: unknown): value is Envelope {
  return value !== null && typeof value === 'object' && typeof (value as Envelope).code === 'number';
}

async function answerOf<T>(response: Response): Promise<Answer<T>> {
  if (response.status === 304) return { kind: 'notModified' };
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: a proxy's error page or a cut connection.
  }
  if (response.status === 401 || (isEnvelope(body) && body.code === ApiCode.sessionExpired)) return { kind: 'unpaired' };
  if (!isEnvelope(body)) return { kind: 'unreachable', reason: `HTTP ${response.status}` };
  if (body.code === ApiCode.ok) return { kind: 'ok', data: body.data as T, headers: response.headers };
  if (body.code === ApiCode.unexpected || body.code === ApiCode.tooMany || response.status >= 500) {
    return { kind: 'unreachable', reason: `${body.code} ${body.message}` };
  }
  return { kind: 'refused', code: body.code, message: body.message };
}

async function call<T>(fetchImpl: Fetch, url: string, init: RequestInit): Promise<Answer<T>> {
  let response: Response;
  try {
    // The player is no browser session: no cookies, no CSRF header; the browser's HTTP cache stays out of the way.
    response = await fetchImpl(url, { credentials: 'omit', cache: 'no-store', signal: AbortSignal.timeout(CALL_TIMEOUT_MS), ...init });
  } catch (cause) {
    return { kind: 'unreachable', reason: String(cause) };
  }
  return answerOf<T>(response);
}

/** `POST register`: binds this browser (its ssaid) to the screen of the device serial. */
export function registerPlayer(
  body: { dvcSnNum: string; ssaid: string; osType: 'WEB'; playerVersion: string },
  fetchImpl: Fetch = fetch,
): Promise<Answer<{ mediaId: number; deviceToken: string }>> {
  return call(fetchImpl, `${BASE}register`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) });
}

/** The calls a paired player makes, with its token. */
export interface PlayerApi {
  token: string;
  get<T>(path: string, headers?: Record<string, string>): Promise<Answer<T>>;
  /** A GET of an /api address outside the device API that a device may also ask with its token (its group's board posts). */
  getApi<T>(url: string): Promise<Answer<T>>;
  /** JSON for an object, multipart for a form. */
  post<T>(path: string, body: object | FormData): Promise<Answer<T>>;
}

export function createPlayerApi(token: string, fetchImpl: Fetch = fetch): PlayerApi {
  const authorization = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  return {
    token,
    get: (path, headers = {}) => call(fetchImpl, BASE + path, { method: 'GET', headers: { ...authorization, ...headers } }),
    getApi: (url) => call(fetchImpl, url, { method: 'GET', headers: authorization }),
    post: (path, body) =>
      body instanceof FormData
        ? call(fetchImpl, BASE + path, { method: 'POST', headers: authorization, body })
        : call(fetchImpl, BASE + path, { method: 'POST', headers: { ...authorization, 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  };
}
