import type { MenuGroup } from '../../lib/session/userMenu';
import { menuBadge } from './menuBadge';

/**
 * The mark before a top-level menu item, also all that shows of it when the menu is folded. Letters
 * are drawn as an icon is: a square of the icon's size in its place, scaled with the font like the
 * other icons, and hidden from readers, who hear the item's name beside it.
 */
export function MenuBadge({ group }: { group: Pick<MenuGroup, 'mnDir' | 'mnName'> }) {
  const badge = menuBadge(group);
  if ('icon' in badge) {
    const Icon = badge.icon;
    return <Icon />;
  }
  return (
    <span role="img" aria-hidden="true" className="anticon menu-badge">
      <svg viewBox="0 0 16 16" width="1em" height="1em" fill="currentColor" focusable="false">
        <rect x="0.5" y="0.5" width="15" height="15" rx="3" fill="none" stroke="currentColor" />
        <text x="8" y="11" fontSize="7" textAnchor="middle" textLength={badge.text.length > 1 ? 12 : undefined} lengthAdjust="spacingAndGlyphs">
          {badge.text}
        </text>
      </svg>
    </span>
  );
}
