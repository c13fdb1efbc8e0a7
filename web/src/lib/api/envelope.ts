import { alertMessage } from '../notify';
import { logoutLocally } from '../session/logout';
import { openPasswordDialog } from '../session/passwordDialog';

/** The answer of every /api call. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export const ApiCode = {
  ok: 0,
  unexpected: -1,
  smsSent: 10210,
  smsWrong: 10211,
  initialPassword: 10300,
  invalidInput: 10400,
  loginFailed: 10401,
  captchaRequired: 10402,
  forbidden: 10403,
  notFound: 10404,
  conflict: 10409,
  tooLarge: 10413,
  unsupportedType: 10415,
  tooMany: 10429,
  sessionExpired: 10500,
} as const;

export const REQUEST_FAILED_MESSAGE = '요청 중 오류가 발생했습니다.';

/** Raised by `unwrap` so query and mutation hooks see a failed call as an error. */
export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(envelope: Envelope) {
    super(envelope.message);
    this.name = 'ApiError';
    this.code = envelope.code;
    this.data = envelope.data;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** How a call reports its failures. */
export interface AnswerOptions {
  /**
   * false: a refusal is not alerted, the caller shows it in place (a live preview recomputed on every
   * keystroke would otherwise alert each time); logging out on 10500 and the password dialog still apply.
   */
  alert?: boolean;
}

/**
 * Turns an HTTP answer into an envelope and applies the rules of the error catalogue:
 * a failed answer with an object body is logged (10500 also logs the user out) and its body used;
 * a body that is not an object becomes the generic request error; then any non-zero code is
 * alerted, -1 also logged, and 10300 opens the change-password dialog.
 */
export function handleAnswer(httpOk: boolean, body: unknown, url: string, { alert = true }: AnswerOptions = {}): Envelope {
  let envelope: Envelope;
  if (!isObject(body)) {
    console.error(`${url}: the answer is not an envelope`, body);
    envelope = { code: ApiCode.unexpected, message: REQUEST_FAILED_MESSAGE, data: null };
  } else {
    // An answer with neither a code nor a message carries no error.
    const code = typeof body.code === 'number' ? body.code : ApiCode.ok;
    const message = typeof body.message === 'string' ? body.message : '';
    envelope = { code, message, data: body.data };
    if (!httpOk || code === ApiCode.unexpected) console.error(`${url}: ${code} ${message}`);
  }

  if (envelope.code === ApiCode.sessionExpired) logoutLocally();
  if (envelope.code === ApiCode.initialPassword) openPasswordDialog();
  if (alert && envelope.code !== ApiCode.ok && envelope.message) alertMessage(envelope.message);
  return envelope;
}

/** The data of a successful answer; any other answer (already alerted) becomes an ApiError. */
export function unwrap<T>(envelope: Envelope<T>): T {
  if (envelope.code !== ApiCode.ok) throw new ApiError(envelope);
  return envelope.data;
}

/** The per-field messages of a 10400 (invalid) or 10409 (already taken) answer. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const namesFields = error instanceof ApiError && (error.code === ApiCode.invalidInput || error.code === ApiCode.conflict);
  if (namesFields && isObject(error.data)) {
    const fieldErrors = error.data.fieldErrors;
    if (isObject(fieldErrors)) {
      return Object.fromEntries(Object.entries(fieldErrors).map(([field, text]) => [field, String(text)]));
    }
  }
  return {};
}
