import { useQuery } from '@tanstack/react-query';
import { postJson } from '../api/client';
import { unwrap } from '../api/envelope';

/** A top-level menu item as the server sends it. */
export interface MenuGroup {
  mnId: string | number;
  mnName: string;
  mnDir: string;
  children: MenuLink[];
}

export interface MenuLink {
  mnId: string | number;
  mnName: string;
  link: string;
}

/** Stored links may still end in the old ".do" suffix. */
export function normalizeLink(link: string): string {
  return link.replace(/\.do$/, '');
}

/** Invalidated when menus are edited, so the left menu shows the change. */
export const USER_MENU_KEY = ['userMenu'] as const;

async function fetchUserMenu(): Promise<MenuGroup[]> {
  const groups = unwrap(await postJson<MenuGroup[]>('/api/system/menu/jsonUserMenu.do', {}));
  return groups.map((group) => ({
    ...group,
    children: (group.children ?? []).map((item) => ({ ...item, link: normalizeLink(item.link) })),
  }));
}

/** The signed-in user's two-level menu, already filtered by the server. */
export function useUserMenu() {
  return useQuery({ queryKey: USER_MENU_KEY, queryFn: fetchUserMenu, staleTime: Infinity });
}
