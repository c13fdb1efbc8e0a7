import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userDefinition } from '../../features/account/user/definition';
import { queryClient } from '../../lib/queryClient';
import { startSession } from '../../lib/session/sessionStore';
import type { SessionUser } from '../../lib/session/user';
import { renderRoutes, serveApi } from '../../test/screens';
import { ResourceForm } from './ResourceForm';

const stored = { uIdx: 12, uId: 'e2euser', uName: '홍길동', cId: 7, cName: '타운매체', roleCd: 10004, uStatus: 1, authType: 1, initPwdYn: 'N' };

function stubServer() {
  const calls = serveApi((url) => {
    if (url === '/api/account/user/jsonDetail.do') return stored;
    if (url.endsWith('/jsonLoginDetail.do')) return { failCnt: 0, locked: false };
    return { uIdx: 12 };
  });
  return (url: string) => calls.filter((call) => call.url === url).map((call) => call.body);
}

function renderUser(programCodeList: string[]) {
  startSession({ uId: 'admin', initPwdYn: 'N', programCodeList } as unknown as SessionUser);
  renderRoutes([{ path: '/account/user/view', element: <ResourceForm definition={userDefinition} /> }], '/account/user/view?uIdx=12');
}

describe('row actions of a view screen', () => {
  beforeEach(() => {
    queryClient.clear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('changes the status after confirmation, offering only the statuses the row is not in', async () => {
    const sent = stubServer();
    renderUser(['account.user:view', 'account.user:update']);
    expect(await screen.findByText('홍길동')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '승인' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '중지' }));
    const confirm = (await screen.findByText('사용자을(를) 중지 상태로 바꾸시겠습니까?')).closest('.ant-popover') as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: /확\s*인/ }));
    await waitFor(() => expect(sent('/api/account/user/jsonStatus.do')).toEqual([{ uIdx: 12, uStatus: 2 }]));
  });

  it('asks for a new password that passes the policy before sending it', async () => {
    const sent = stubServer();
    renderUser(['account.user:view', 'account.user:update']);
    await userEvent.click(await screen.findByRole('button', { name: '비밀번호 초기화' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('새 비밀번호'), 'e2euser-2026!');
    await userEvent.type(within(dialog).getByLabelText('새 비밀번호 확인'), 'e2euser-2026!');
    await userEvent.click(within(dialog).getByRole('button', { name: /변\s*경/ }));
    expect(await within(dialog).findByText('비밀번호에 아이디를 포함할 수 없습니다.')).toBeTruthy();
    expect(sent('/api/account/user/jsonChangePassword.do')).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText('새 비밀번호'));
    await userEvent.type(within(dialog).getByLabelText('새 비밀번호'), 'Reset-Pass-2026');
    await userEvent.clear(within(dialog).getByLabelText('새 비밀번호 확인'));
    await userEvent.type(within(dialog).getByLabelText('새 비밀번호 확인'), 'Reset-Pass-2026');
    await userEvent.click(within(dialog).getByRole('button', { name: /변\s*경/ }));
    await waitFor(() => expect(sent('/api/account/user/jsonChangePassword.do')).toEqual([{ uIdx: 12, uPw: 'Reset-Pass-2026' }]));
  });

  it('offers no action without the update permission', async () => {
    stubServer();
    renderUser(['account.user:view']);
    expect(await screen.findByText('홍길동')).toBeTruthy();
    for (const name of ['중지', '반려', '잠금 해제', '비밀번호 초기화', '수정']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });
});
