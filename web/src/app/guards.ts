import { redirect, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { postJson } from '../lib/api/client';
import { ApiCode } from '../lib/api/envelope';
import { decideAccessCheck } from '../lib/session/idle';
import {
  blockForInitialPassword,
  mustChangePassword,
  OPEN_BEFORE_PASSWORD_CHANGE,
} from '../lib/session/initialPassword';
import { clearLocalSession } from '../lib/session/logout';
import { sessionStore, touchLastAccess } from '../lib/session/sessionStore';

/**
 * Runs before every protected screen: a logged-out visitor, or one idle for more than 60 minutes,
 * is logged out to /login; screens other than home and my page wait for the initial password change;
 * then the access is logged (awaited after more than 5 idle minutes, so an expired session is caught
 * before the screen shows) and the last access time moves on.
 */
export async function protectedLoader({ request }: LoaderFunctionArgs) {
  const { loggedIn, user, lastAccessAt } = sessionStore.get();
  if (!loggedIn || !user) {
    clearLocalSession();
    throw redirect('/login');
  }
  const now = Date.now();
  const check = decideAccessCheck(lastAccessAt, now);
  if (check === 'logout') {
    clearLocalSession();
    throw redirect('/login');
  }
  const path = new URL(request.url).pathname;
  if (mustChangePassword(user) && !OPEN_BEFORE_PASSWORD_CHANGE.has(path)) {
    blockForInitialPassword();
    throw redirect('/');
  }
  const logged = postJson('/api/log/jsonAccess.do', { path });
  if (check === 'await' && (await logged).code === ApiCode.sessionExpired) {
    // The client library has already cleared the session.
    throw redirect('/login');
  }
  touchLastAccess(now);
  return null;
}

/** The protected checks run on a change of screen, not on paging or searching within one. */
export function onScreenChange({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs): boolean {
  return currentUrl.pathname !== nextUrl.pathname;
}

/** A logged-in user has no business on /login. */
export function publicOnlyLoader() {
  if (sessionStore.get().loggedIn) throw redirect('/');
  return null;
}
