import {
  AppstoreOutlined,
  BarChartOutlined,
  CalculatorOutlined,
  CameraOutlined,
  DesktopOutlined,
  DollarOutlined,
  GiftOutlined,
  NotificationOutlined,
  PictureOutlined,
  ProfileOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import type { MenuGroup } from '../../lib/session/userMenu';

/** Top-level paths that have an icon of their own (every top menu of the seed data). */
const MENU_ICONS: Record<string, ComponentType> = {
  '/system': SettingOutlined,
  '/account': TeamOutlined,
  '/media': DesktopOutlined,
  '/campaign': NotificationOutlined,
  '/content': AppstoreOutlined,
  '/schedule': ScheduleOutlined,
  '/cmpgphoto': CameraOutlined,
  '/material': PictureOutlined,
  '/board': ProfileOutlined,
  '/product': ShoppingOutlined,
  '/report': BarChartOutlined,
  '/point': DollarOutlined,
  '/promotion': GiftOutlined,
  '/settlement': CalculatorOutlined,
};

/**
 * The icon of a top-level item, or, for paths without one (a menu a manager added), the first two
 * characters of its name, drawn as an icon.
 */
export function menuBadge(group: Pick<MenuGroup, 'mnDir' | 'mnName'>): { icon: ComponentType } | { text: string } {
  const dir = `/${group.mnDir.split('/').filter(Boolean)[0] ?? ''}`;
  if (Object.hasOwn(MENU_ICONS, dir)) return { icon: MENU_ICONS[dir] };
  return { text: Array.from(group.mnName.trim()).slice(0, 2).join('') };
}
