import { useSyncExternalStore } from 'react';

// Whether the change-password dialog is open; not persisted, the initPwdYn flag reopens it when needed.
let open = false;
const listeners = new Set<() => void>();

function setOpen(next: boolean): void {
  open = next;
  for (const listener of listeners) listener();
}

export const openPasswordDialog = (): void => setOpen(true);
export const closePasswordDialog = (): void => setOpen(false);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePasswordDialogOpen(): boolean {
  return useSyncExternalStore(subscribe, () => open);
}
