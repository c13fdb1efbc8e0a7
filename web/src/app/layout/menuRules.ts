import { normalizeLink, type MenuGroup, type MenuLink } from '../../lib/session/userMenu';

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
