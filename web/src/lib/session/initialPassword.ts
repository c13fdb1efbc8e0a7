import { alertMessage } from '../notify';
import { openPasswordDialog } from './passwordDialog';
import type { SessionUser } from './user';

export const INITIAL_PASSWORD_MESSAGE = '초기 비밀번호를 변경한 후 이용할 수 있습니다.';

/** Screens reachable before the initial password is changed: home and one's own account. */
export const OPEN_BEFORE_PASSWORD_CHANGE = new Set(['/', '/account/mypage/view']);

export function mustChangePassword(user: Pick<SessionUser, 'initPwdYn'> | null): boolean {
  return user?.initPwdYn === 'Y';
}

/** Refuses a navigation until the initial password is changed, and offers the change. */
export function blockForInitialPassword(): void {
  alertMessage(INITIAL_PASSWORD_MESSAGE);
  openPasswordDialog();
}
