import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshScreens, listOf, renderRoutes, serveApi, signIn } from '../../../test/screens';
import ContentManagerPage from './ContentManagerPage';

describe('ContentManagerPage', () => {
  beforeEach(freshScreens);

  it('shows its title first, then the group settings, then the list of groups', async () => {
    signIn(['content.manager:list', 'content.manager:view', 'content.manager:update']);
    serveApi((url) => (url === '/api/content/manager/jsonList.do' ? listOf([{ mgId: 7, mgNm: '101동 그룹', poiNm: '래미안', newsYn: 'Y', weatherYn: 'N', noticeYn: 'Y' }]) : null));
    renderRoutes([{ path: '/content/manager/view', element: <ContentManagerPage /> }], '/content/manager/view');
    const title = await screen.findByRole('heading', { name: '하단 콘텐츠 설정' });
    const card = screen.getByText('그룹별 설정');
    const group = await screen.findByText('101동 그룹');
    const follows = (a: Node, b: Node) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    expect(follows(title, card)).toBe(true);
    expect(follows(card, group)).toBe(true);
  });
});
