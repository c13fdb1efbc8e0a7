import {
  CalculatorOutlined,
  DollarOutlined,
  GiftOutlined,
  NotificationOutlined,
  PictureOutlined,
  ProfileOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import { menuBadge, type MenuGroup, type MenuIconName } from './menuRules';

const ICONS: Record<MenuIconName, ComponentType> = {
  SettingOutlined,
  NotificationOutlined,
  TeamOutlined,
  PictureOutlined,
  CalculatorOutlined,
  ProfileOutlined,
  DollarOutlined,
  GiftOutlined,
};

/** The mark before a top-level menu item, also all that shows of it when the menu is folded. */
export function MenuBadge({ group }: { group: Pick<MenuGroup, 'mnDir' | 'mnName'> }) {
  const badge = menuBadge(group);
  if ('icon' in badge) {
    const Icon = ICONS[badge.icon];
    return <Icon />;
  }
  return <span className="menu-badge anticon">{badge.text}</span>;
}
