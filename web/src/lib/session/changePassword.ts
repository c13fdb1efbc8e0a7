import { postJson } from '../api/client';
import type { SessionUser } from './user';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/** Changes the signed-in user's password; the server issues a new session and answers the updated user. */
export function changePassword(change: PasswordChange) {
  return postJson<{ user: SessionUser }>('/api/account/mypage/jsonChangePassword.do', change);
}
