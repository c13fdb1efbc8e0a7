import { queryClient } from '../queryClient';
import { navigateTo } from '../navigation';
import { menuStatusStore } from './menuStatus';
import { closePasswordDialog } from './passwordDialog';
import { sessionStore } from './sessionStore';

/** Forgets the session in this browser: login flag off, all local storage emptied, cached answers dropped. */
export function clearLocalSession(): void {
  localStorage.clear();
  sessionStore.reset();
  menuStatusStore.reset();
  closePasswordDialog();
  queryClient.clear();
}

/** Ends the session in this browser and goes to /login. */
export function logoutLocally(): void {
  clearLocalSession();
  navigateTo('/login');
}
