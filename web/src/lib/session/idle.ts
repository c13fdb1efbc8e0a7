const MINUTE = 60_000;
const IDLE_LOGOUT_MS = 60 * MINUTE;
const IDLE_CHECK_MS = 5 * MINUTE;

/**
 * What a navigation to a protected screen does about the access log, from the time since the last one:
 * more than 60 minutes logs out; more than 5 waits for the server to confirm the session; otherwise the
 * log call is sent without waiting. An unknown last access is confirmed with the server.
 */
export type AccessCheck = 'logout' | 'await' | 'fire';

export function decideAccessCheck(lastAccessAt: number | null, now: number): AccessCheck {
  if (lastAccessAt === null) return 'await';
  const idle = now - lastAccessAt;
  if (idle > IDLE_LOGOUT_MS) return 'logout';
  if (idle > IDLE_CHECK_MS) return 'await';
  return 'fire';
}
