import { postJson } from '../../lib/api/client';
import { encodeText } from '../../lib/api/encode';
import { unwrap } from '../../lib/api/envelope';
import { logoutLocally } from '../../lib/session/logout';
import type { SessionUser } from '../../lib/session/user';
import { encryptCredential } from './encryptCredential';

/** What a login step answers, depending on its code. */
export interface LoginAnswerData {
  user?: SessionUser;
  captchaRequired?: boolean;
  maskedPhone?: string;
  expiresIn?: number;
}

async function fetchPublicKey() {
  return unwrap(await postJson<{ keyId: string; publicKey: string }>('/api/jsonPublicKey.do', {}));
}

/**
 * The password step. Id and password are encoded like every other text before encryption, so the
 * password matches the one stored through the change-password call.
 */
export async function loginWithPassword(uId: string, uPw: string, captcha?: string) {
  const { keyId, publicKey } = await fetchPublicKey();
  const credential = await encryptCredential(publicKey, {
    uId: encodeText(uId.trim()),
    uPw: encodeText(uPw),
    ts: Date.now(),
  });
  return postJson<LoginAnswerData>('/api/jsonLoginPrc.do', captcha ? { keyId, credential, captcha } : { keyId, credential });
}

/** The SMS step: the pending login lives in the session, so only the code is sent. */
export function loginWithSmsCode(smsCode: string) {
  return postJson<LoginAnswerData>('/api/jsonLoginPrc.do', { smsCode });
}

export function resendSmsCode() {
  return postJson<Pick<LoginAnswerData, 'maskedPhone' | 'expiresIn'> | null>('/api/jsonRetrySmsAuth.do', {});
}

/** Ends the session on the server, then in the browser whatever the server answered. */
export async function logout(): Promise<void> {
  await postJson('/api/logout.do', {});
  logoutLocally();
}

const captchaUrl = (kind: 'image' | 'audio', stamp: number) => `/api/captcha/${kind}.do?t=${stamp}`;
export const captchaImageUrl = (stamp: number) => captchaUrl('image', stamp);
export const captchaAudioUrl = (stamp: number) => captchaUrl('audio', stamp);
