import { Menu, type MenuProps } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MenuBadge } from '../../components/menu/MenuBadge';
import { menuStatusStore } from '../../lib/session/menuStatus';
import { useUserMenu } from '../../lib/session/userMenu';
import { activeLink, isGroupActive, isLinkActive } from './menuRules';

/** The server's two-level menu; the items of the current screen are highlighted. */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { data: groups = [] } = useUserMenu();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const activeGroup = groups.find(
    (group) => isGroupActive(group, pathname) || group.children.some((item) => isLinkActive(item, pathname)),
  );
  const activeItem = activeLink(
    groups.flatMap((group) => group.children),
    pathname,
  );
  const dep1 = activeGroup ? String(activeGroup.mnId) : null;
  const dep2 = activeItem ? String(activeItem.mnId) : null;

  const [openKeys, setOpenKeys] = useState<string[]>(() => {
    const remembered = dep1 ?? menuStatusStore.get().dep1;
    return remembered ? [remembered] : [];
  });

  useEffect(() => {
    if (!dep1) return;
    setOpenKeys((keys) => (keys.includes(dep1) ? keys : [...keys, dep1]));
    menuStatusStore.update((status) => ({ ...status, dep1, dep2 }));
  }, [dep1, dep2]);

  const items: MenuProps['items'] = groups.map((group) => ({
    key: String(group.mnId),
    label: group.mnName,
    icon: <MenuBadge group={group} />,
    className: isGroupActive(group, pathname) ? 'menu-group-active' : undefined,
    children: group.children.map((item) => ({ key: item.link, label: item.mnName })),
  }));

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={activeItem ? [activeItem.link] : []}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      // Screens wait for the initial password change: the route guard refuses and says so.
      onClick={({ key }) => navigate(key)}
    />
  );
}
