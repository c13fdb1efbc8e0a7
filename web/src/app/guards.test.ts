import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../lib/navigation';
import { INITIAL_PASSWORD_MESSAGE } from '../lib/session/initialPassword';
import { sessionStore, startSession } from '../lib/session/sessionStore';
import type { SessionUser } from '../lib/session/user';
import { answer, captureAlerts } from '../test/doubles';
import { protectedLoader, publicOnlyLoader } from './guards';

const MINUTE = 60_000;
const user = (initPwdYn: 'Y' | 'N') => ({ uId: 'admin', initPwdYn, programCodeList: [] }) as unknown as SessionUser;

function visit(path: string) {
  return protectedLoader({ request: new Request(`http://localhost${path}`), params: {}, context: undefined } as never);
}

/** The loader's outcome: the redirect target, or null when the screen may show. */
async function outcome(path: string): Promise<string | null> {
  try {
    return (await visit(path)) ?? null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

function stubAccessLog(body: object, status = 200) {
  const fetchMock = vi.fn(async () => answer(body, status));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('protectedLoader', () => {
  let alerts: ReturnType<typeof captureAlerts>;

  beforeEach(() => {
    alerts = captureAlerts();
    setNavigator(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('sends a logged-out visitor to /login', async () => {
    const fetchMock = stubAccessLog({ code: 0 });
    expect(await outcome('/system/code/list')).toBe('/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logs out after more than 60 idle minutes without asking the server', async () => {
    const fetchMock = stubAccessLog({ code: 0 });
    startSession(user('N'), Date.now() - 61 * MINUTE);
    localStorage.setItem('townboard.menuStatus', '{"flip":true}');
    expect(await outcome('/system/code/list')).toBe('/login');
    expect(sessionStore.get().loggedIn).toBe(false);
    expect(localStorage.length).toBe(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('waits for the access log after more than 5 idle minutes and moves the last access on', async () => {
    const fetchMock = stubAccessLog({ code: 0, message: '', data: null });
    const before = Date.now() - 10 * MINUTE;
    startSession(user('N'), before);
    expect(await outcome('/system/env/list')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/log/jsonAccess.do');
    expect(JSON.parse(String(init.body))).toEqual({ path: '/system/env/list' });
    expect(sessionStore.get().lastAccessAt).toBeGreaterThan(before);
  });

  it('logs out when the awaited access log says the session expired', async () => {
    stubAccessLog({ code: 10500, message: '세션이 만료되었습니다.', data: null }, 401);
    startSession(user('N'), Date.now() - 10 * MINUTE);
    expect(await outcome('/system/env/list')).toBe('/login');
    expect(sessionStore.get().loggedIn).toBe(false);
  });

  it('sends the access log without waiting within 5 minutes', async () => {
    let release: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    startSession(user('N'), Date.now() - MINUTE);
    // The answer never came, yet the screen may show.
    expect(await outcome('/system/code/list')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    release(answer({ code: 0 }));
  });

  it('keeps other screens closed until the initial password is changed', async () => {
    stubAccessLog({ code: 0 });
    startSession(user('Y'));
    expect(await outcome('/system/code/list')).toBe('/');
    expect(alerts.alerts()).toEqual([INITIAL_PASSWORD_MESSAGE]);
    expect(await outcome('/')).toBeNull();
    expect(await outcome('/account/mypage/view')).toBeNull();
  });
});

describe('publicOnlyLoader', () => {
  it('sends a logged-in user from /login to /', () => {
    startSession(user('N'));
    expect(() => publicOnlyLoader()).toThrow(Response);
    try {
      publicOnlyLoader();
    } catch (thrown) {
      expect((thrown as Response).headers.get('Location')).toBe('/');
    }
  });

  it('lets a logged-out visitor see /login', () => {
    sessionStore.reset();
    expect(publicOnlyLoader()).toBeNull();
  });
});
