import { persistentStore } from './persistentStore';

export interface MenuStatus {
  /** The left menu is folded. */
  flip: boolean;
  /** Selected top item (mnId) and sub-item (mnId). */
  dep1: string | null;
  dep2: string | null;
}

export const menuStatusStore = persistentStore<MenuStatus>('townboard.menuStatus', {
  flip: false,
  dep1: null,
  dep2: null,
});
