import { persistentStore } from './persistentStore';
import type { SessionUser } from './user';

export interface SessionState {
  loggedIn: boolean;
  user: SessionUser | null;
  /** Epoch milliseconds of the last navigation to a protected screen. */
  lastAccessAt: number | null;
}

export const sessionStore = persistentStore<SessionState>('townboard.session', {
  loggedIn: false,
  user: null,
  lastAccessAt: null,
});

export function startSession(user: SessionUser, now: number = Date.now()): void {
  sessionStore.set({ loggedIn: true, user, lastAccessAt: now });
}

export function replaceUser(user: SessionUser): void {
  sessionStore.update((state) => ({ ...state, user }));
}

export function touchLastAccess(now: number = Date.now()): void {
  sessionStore.update((state) => ({ ...state, lastAccessAt: now }));
}

export function useSessionUser(): SessionUser | null {
  return sessionStore.use().user;
}
