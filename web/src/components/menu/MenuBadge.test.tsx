import * as icons from '@ant-design/icons';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { menuBadge } from './menuBadge';
import { MenuBadge } from './MenuBadge';

describe('menuBadge', () => {
  it.each([
    ['/system', '시스템 관리', { icon: 'SettingOutlined' }],
    ['/campaign', '캠페인', { icon: 'NotificationOutlined' }],
    ['/account', '계정 관리', { icon: 'TeamOutlined' }],
    ['/material', '소재', { icon: 'PictureOutlined' }],
    ['/settlement', '정산', { icon: 'CalculatorOutlined' }],
    ['/board', '게시판', { icon: 'ProfileOutlined' }],
    ['/point', '포인트', { icon: 'DollarOutlined' }],
    ['/promotion', '프로모션', { icon: 'GiftOutlined' }],
    ['/system/sub', '시스템', { icon: 'SettingOutlined' }],
    ['system', '시스템', { icon: 'SettingOutlined' }],
    ['/media', '매체', { icon: 'DesktopOutlined' }],
    ['/content', '콘텐츠', { icon: 'AppstoreOutlined' }],
    ['/schedule', '편성', { icon: 'ScheduleOutlined' }],
    ['/cmpgphoto', '캠페인 사진 리포트', { icon: 'CameraOutlined' }],
    ['/product', '상품', { icon: 'ShoppingOutlined' }],
    ['/report', '리포트', { icon: 'BarChartOutlined' }],
    ['/systemx', '확장', { text: '확장' }],
    ['/extra', '부가 서비스', { text: '부가' }],
    ['/x', 'A', { text: 'A' }],
  ])('%s %s -> %j', (mnDir, mnName, expected) => {
    const badge = 'icon' in expected ? { icon: icons[expected.icon as keyof typeof icons] } : expected;
    expect(menuBadge({ mnDir, mnName })).toEqual(badge);
  });
});

describe('MenuBadge', () => {
  it('draws the letters of a top entry without an icon as an icon, hidden from readers', () => {
    const { container } = render(<MenuBadge group={{ mnDir: '/extra', mnName: '부가 서비스' }} />);
    const badge = container.querySelector('.menu-badge')!;
    expect(badge.classList.contains('anticon')).toBe(true);
    expect(badge.getAttribute('aria-hidden')).toBe('true');
    // Sized as the icons are, by the font: one em square.
    const svg = badge.querySelector('svg')!;
    expect([svg.getAttribute('width'), svg.getAttribute('height')]).toEqual(['1em', '1em']);
    expect(svg.textContent).toBe('부가');
  });
});
