import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, captureAlerts } from '../../test/doubles';
import { setNavigator } from '../navigation';
import { closePasswordDialog, usePasswordDialogOpen } from '../session/passwordDialog';
import { sessionStore, startSession } from '../session/sessionStore';
import type { SessionUser } from '../session/user';
import { postJson } from './client';
import { ApiError, REQUEST_FAILED_MESSAGE, unwrap } from './envelope';

const user = { uId: 'admin', initPwdYn: 'N', programCodeList: [] } as unknown as SessionUser;

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('postJson', () => {
  let alerts: ReturnType<typeof captureAlerts>;
  let navigations: string[];

  beforeEach(() => {
    alerts = captureAlerts();
    navigations = [];
    setNavigator((to) => navigations.push(to));
    closePasswordDialog();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('POSTs encoded JSON with the XMLHttpRequest marker and without underscored fields', async () => {
    const fetchMock = stubFetch(answer({ code: 0, message: '', data: { id: 1 } }));
    await postJson('/api/system/code/jsonSave.do', { cdName: 'e\u0301', _note: 'x', page: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/system/code/jsonSave.do');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' });
    expect(JSON.parse(init.body as string)).toEqual({ cdName: '\u00e9', page: 1 });
  });

  it('answers code 0 with its data and alerts nothing', async () => {
    stubFetch(answer({ code: 0, message: '', data: { list: [] } }));
    const envelope = await postJson('/api/x.do');
    expect(envelope).toEqual({ code: 0, message: '', data: { list: [] } });
    expect(alerts.alerts()).toEqual([]);
  });

  it('takes a body with neither code nor message as no error', async () => {
    stubFetch(answer({ data: 5 }));
    const envelope = await postJson('/api/x.do');
    expect(envelope.code).toBe(0);
    expect(unwrap(envelope)).toBe(5);
    expect(alerts.alerts()).toEqual([]);
  });

  it('logs and alerts code -1', async () => {
    stubFetch(answer({ code: -1, message: '처리 중 오류가 발생했습니다.', data: null }, 500));
    const envelope = await postJson('/api/x.do');
    expect(envelope.code).toBe(-1);
    expect(console.error).toHaveBeenCalled();
    expect(alerts.alerts()).toEqual(['처리 중 오류가 발생했습니다.']);
  });

  it('alerts any other code and resolves with the body, also for HTTP errors', async () => {
    stubFetch(answer({ code: 10409, message: '이미 등록된 코드입니다.', data: null }, 409));
    const envelope = await postJson('/api/x.do');
    expect(envelope).toEqual({ code: 10409, message: '이미 등록된 코드입니다.', data: null });
    expect(console.error).toHaveBeenCalled();
    expect(alerts.alerts()).toEqual(['이미 등록된 코드입니다.']);
    expect(() => unwrap(envelope)).toThrow(ApiError);
  });

  it('leaves a refusal to the caller when asked not to alert, still logging out on 10500', async () => {
    startSession(user);
    stubFetch(answer({ code: 10400, message: '입력값을 확인해 주세요.', data: { fieldErrors: { endDate: '종료일이 시작일보다 빠릅니다.' } } }, 400));
    const envelope = await postJson('/api/campaign/regist/jsonQuote.do', {}, { alert: false });
    expect(envelope.data).toEqual({ fieldErrors: { endDate: '종료일이 시작일보다 빠릅니다.' } });
    expect(alerts.alerts()).toEqual([]);

    stubFetch(answer({ code: 10500, message: '로그인이 필요합니다.', data: null }, 401));
    await postJson('/api/campaign/regist/jsonQuote.do', {}, { alert: false });
    expect(sessionStore.get().loggedIn).toBe(false);
    expect(navigations).toEqual(['/login']);
  });

  it('alerts a non-zero code that came with HTTP 200', async () => {
    stubFetch(answer({ code: 10210, message: '인증번호를 보냈습니다.', data: { maskedPhone: '010-****-1234' } }));
    const envelope = await postJson('/api/jsonLoginPrc.do');
    expect(envelope.data).toEqual({ maskedPhone: '010-****-1234' });
    expect(alerts.alerts()).toEqual(['인증번호를 보냈습니다.']);
  });

  it('logs out to /login on 10500, emptying local storage', async () => {
    startSession(user);
    localStorage.setItem('other', 'x');
    stubFetch(answer({ code: 10500, message: '로그인이 필요합니다.', data: null }, 401));
    const envelope = await postJson('/api/x.do');
    expect(envelope.code).toBe(10500);
    expect(sessionStore.get()).toEqual({ loggedIn: false, user: null, lastAccessAt: null });
    expect(localStorage.length).toBe(0);
    expect(navigations).toEqual(['/login']);
  });

  it('does not log out on other HTTP errors', async () => {
    startSession(user);
    stubFetch(answer({ code: 10403, message: '권한이 없습니다.', data: null }, 403));
    await postJson('/api/x.do');
    expect(sessionStore.get().loggedIn).toBe(true);
    expect(navigations).toEqual([]);
  });

  it.each([
    ['an HTML error page', answer('<html>Bad Gateway</html>', 502)],
    ['an empty body', answer('', 500)],
    ['a JSON array', answer([1, 2], 500)],
    ['a network failure', new TypeError('Failed to fetch')],
  ])('turns %s into the generic request error', async (_case, response) => {
    stubFetch(response);
    const envelope = await postJson('/api/x.do');
    expect(envelope.code).toBe(-1);
    expect(envelope.message).toBe(REQUEST_FAILED_MESSAGE);
    expect(alerts.alerts()).toEqual([REQUEST_FAILED_MESSAGE]);
  });

  it('opens the change-password dialog on 10300', async () => {
    const dialog = renderHook(() => usePasswordDialogOpen());
    expect(dialog.result.current).toBe(false);
    stubFetch(answer({ code: 10300, message: '초기 비밀번호를 변경해 주세요.', data: null }, 403));
    await postJson('/api/x.do');
    dialog.rerender();
    expect(dialog.result.current).toBe(true);
    expect(alerts.alerts()).toEqual(['초기 비밀번호를 변경해 주세요.']);
  });
});
