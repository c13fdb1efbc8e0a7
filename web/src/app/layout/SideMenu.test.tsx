import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshScreens, renderRoutes, serveApi, signIn } from '../../test/screens';
import { SideMenu } from './SideMenu';

const MENU = [
  {
    mnId: 10003,
    mnName: '매체',
    mnDir: '/media',
    children: [
      { mnId: 10403, mnName: '매체 관리', link: '/media/media/list' },
      { mnId: 10407, mnName: '월별 사용 현황', link: '/media/report/monthList' },
      { mnId: 10408, mnName: '일별 사용 현황', link: '/media/report/dailyList' },
    ],
  },
  { mnId: 10099, mnName: '부가 서비스', mnDir: '/extra', children: [{ mnId: 10991, mnName: '부가 목록', link: '/extra/thing/list' }] },
];

function renderMenu(path: string) {
  signIn([]);
  serveApi((url) => (url === '/api/system/menu/jsonUserMenu.do' ? MENU : null));
  renderRoutes([{ path: '*', element: <SideMenu collapsed={false} /> }], path);
}

const selected = () => [...document.querySelectorAll('.ant-menu-item-selected')].map((item) => item.textContent);

describe('SideMenu', () => {
  beforeEach(freshScreens);

  it.each([
    ['/media/report/dailyList', '일별 사용 현황'],
    ['/media/report/monthList', '월별 사용 현황'],
    ['/media/media/view', '매체 관리'],
  ])('on %s highlights %s alone', async (path, item) => {
    renderMenu(path);
    await screen.findByText('일별 사용 현황');
    await waitFor(() => expect(selected()).toEqual([item]));
  });

  it('draws a top entry with an icon of its own, and no word beside its name', async () => {
    renderMenu('/media/media/list');
    const title = (await screen.findByText('매체', { selector: '.ant-menu-title-content' })).closest('.ant-menu-submenu-title')!;
    expect(title.querySelector('.anticon svg')).not.toBeNull();
    // The title reads its name once.
    expect(title.textContent).toBe('매체');
  });
});
