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

/**
 * The one item the current screen highlights: the item linking to the screen itself, else the item
 * of the longest folder holding it (the family's list while its view screen shows), the first of
 * equals. Two items of one folder (monthly and daily usage) are never highlighted together.
 */
export function activeLink<T extends Pick<MenuLink, 'link'>>(items: T[], path: string): T | undefined {
  const exact = items.find((item) => normalizeLink(item.link) === path);
  if (exact) return exact;
  let best: T | undefined;
  for (const item of items) {
    if (isLinkActive(item, path) && (!best || linkFolder(item.link).length > linkFolder(best.link).length)) best = item;
  }
  return best;
}

/** Top-level paths that have an icon of their own (every top menu of the seed data); the names are antd icons. */
const MENU_ICONS = {
  '/system': 'SettingOutlined',
  '/account': 'TeamOutlined',
  '/media': 'DesktopOutlined',
  '/campaign': 'NotificationOutlined',
  '/content': 'AppstoreOutlined',
  '/schedule': 'ScheduleOutlined',
  '/cmpgphoto': 'CameraOutlined',
  '/material': 'PictureOutlined',
  '/board': 'ProfileOutlined',
  '/product': 'ShoppingOutlined',
  '/report': 'BarChartOutlined',
  '/point': 'DollarOutlined',
  '/promotion': 'GiftOutlined',
  '/settlement': 'CalculatorOutlined',
} as const;

export type MenuIconName = (typeof MENU_ICONS)[keyof typeof MENU_ICONS];

/**
 * The icon of a top-level item, or, for paths without one (a menu a manager added), the first two
 * characters of its name, drawn as an icon.
 */
export function menuBadge(group: Pick<MenuGroup, 'mnDir' | 'mnName'>): { icon: MenuIconName } | { text: string } {
  const dir = `/${group.mnDir.split('/').filter(Boolean)[0] ?? ''}`;
  if (dir in MENU_ICONS) return { icon: MENU_ICONS[dir as keyof typeof MENU_ICONS] };
  return { text: Array.from(group.mnName.trim()).slice(0, 2).join('') };
}
