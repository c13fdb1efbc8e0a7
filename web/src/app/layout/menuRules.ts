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

/** The folder of a link: "/system/code/list" -> "/system/code". */
export function linkFolder(link: string): string {
  const path = normalizeLink(link);
  return path.slice(0, path.lastIndexOf('/')) || '/';
}

/** Whether `path` is `prefix` itself or lies below it, so "/board" does not claim "/boardx". */
function isWithin(path: string, prefix: string): boolean {
  const base = prefix.replace(/\/+$/, '');
  return base !== '' && (path === base || path.startsWith(`${base}/`));
}

export function isGroupActive(group: Pick<MenuGroup, 'mnDir'>, path: string): boolean {
  return isWithin(path, group.mnDir);
}

export function isLinkActive(item: Pick<MenuLink, 'link'>, path: string): boolean {
  return isWithin(path, linkFolder(item.link));
}

/** Top-level paths that have an icon of their own; the names are antd icons. */
const MENU_ICONS = {
  '/system': 'SettingOutlined',
  '/campaign': 'NotificationOutlined',
  '/account': 'TeamOutlined',
  '/material': 'PictureOutlined',
  '/settlement': 'CalculatorOutlined',
  '/board': 'ProfileOutlined',
  '/point': 'DollarOutlined',
  '/promotion': 'GiftOutlined',
} as const;

export type MenuIconName = (typeof MENU_ICONS)[keyof typeof MENU_ICONS];

/** The icon of a top-level item, or, for paths without one, the first two characters of its name. */
export function menuBadge(group: Pick<MenuGroup, 'mnDir' | 'mnName'>): { icon: MenuIconName } | { text: string } {
  const dir = `/${group.mnDir.split('/').filter(Boolean)[0] ?? ''}`;
  if (dir in MENU_ICONS) return { icon: MENU_ICONS[dir as keyof typeof MENU_ICONS] };
  return { text: Array.from(group.mnName.trim()).slice(0, 2).join('') };
}
