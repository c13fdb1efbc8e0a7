import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PlayerPage from './PlayerPage';

const PAIRING = 'townboard.player.pairing';

interface Asked {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

const envelope = (data: unknown, code = 0, message = '', status = 200) =>
  new Response(JSON.stringify({ code, message, data }), { status, headers: { 'Content-Type': 'application/json' } });

/** A server answering by path; what the page asked is kept in order. */
function serve(answer: (path: string) => Response) {
  const asked: Asked[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    asked.push({ method: init.method ?? 'GET', path, headers: new Headers(init.headers), body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    return answer(path);
  });
  return asked;
}

const PLAN = { mediaId: 3, mgId: 4, date: '2026-11-22', version: 'v1', templateType: 2, layout: 234, openTime: '00:00', closeTime: '23:59', loop: [], footer: { notices: [], news: [] } };

beforeEach(() => {
  localStorage.removeItem(PAIRING);
  // jsdom plays no media.
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});
afterEach(() => localStorage.clear());

describe('PlayerPage', () => {
  it('pairs once with the device serial and this browser’s ssaid, then plays with the token it got', async () => {
    const asked = serve((path) => {
      if (path === '/api/player/v1/register') return envelope({ mediaId: 3, deviceToken: 'tok-3' });
      if (path.startsWith('/api/player/v1/schedule')) return envelope(PLAN);
      return envelope({ commands: [], urgent: [] });
    });
    render(<PlayerPage />);
    await userEvent.type(screen.getByLabelText('디바이스 시리얼 번호'), ' SN-E2E-1 ');
    await userEvent.click(screen.getByRole('button', { name: '등록' }));

    await waitFor(() => expect(document.querySelector('.player-screen')).not.toBeNull());
    const register = asked.find((call) => call.path === '/api/player/v1/register');
    const kept = JSON.parse(localStorage.getItem(PAIRING) ?? '{}') as { serial: string; ssaid: string; token: string };
    expect(kept).toEqual({ serial: 'SN-E2E-1', ssaid: expect.stringMatching(/^web-[0-9a-f]{24}$/), token: 'tok-3' });
    expect(register?.body).toEqual({ dvcSnNum: 'SN-E2E-1', ssaid: kept.ssaid, osType: 'WEB', playerVersion: expect.any(String) });
    expect(register?.headers.get('X-Requested-With')).toBeNull();
    await waitFor(() => expect(asked.some((call) => call.path.startsWith('/api/player/v1/schedule?date='))).toBe(true));
    const schedule = asked.find((call) => call.path.startsWith('/api/player/v1/schedule'));
    expect(schedule?.headers.get('Authorization')).toBe('Bearer tok-3');
  });

  it('shows the posts of its group\'s board in an area of their own, asked with the device token', async () => {
    localStorage.setItem(PAIRING, JSON.stringify({ serial: 'SN-E2E-1', ssaid: 'web-0123', token: 'tok-3' }));
    // jsdom makes no object addresses.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:board'), revokeObjectURL: vi.fn() });
    const board = {
      mgId: 4,
      slots: 2,
      posts: [{ biIdx: 11, kind: 'image', title: '엘리베이터 점검', urls: ['/api/player/v1/board/11/0'], seconds: 10 }],
    };
    const asked = serve((path) => {
      if (path.startsWith('/api/player/v1/schedule')) return envelope(PLAN);
      if (path === '/api/board/material/id.do?mgId=4') return envelope(board);
      if (path === '/api/player/v1/board/11/0') return new Response('png', { headers: { 'Content-Type': 'image/png' } });
      return envelope({ commands: [], urgent: [] });
    });
    render(<PlayerPage />);

    const post = await waitFor(() => {
      const shown = document.querySelector('[data-testid="board-area"] [data-testid="board-post"]');
      expect(shown).not.toBeNull();
      return shown as HTMLElement;
    });
    expect(post.dataset.biIdx).toBe('11');
    expect(post.querySelector('img')?.getAttribute('src')).toBe('blob:board');
    expect(post.textContent).toContain('엘리베이터 점검');
    const boardCall = asked.find((call) => call.path === '/api/board/material/id.do?mgId=4');
    expect(boardCall?.headers.get('Authorization')).toBe('Bearer tok-3');
    // The loop keeps the rest of the frame.
    expect(document.querySelector('.player-main .player-media')).not.toBeNull();
  });

  it('tells why a serial cannot be paired and stays on the pairing', async () => {
    serve(() => envelope(null, 10409, '다른 기기가 등록된 매체입니다. SSAID 초기화 후 등록하세요.', 409));
    render(<PlayerPage />);
    await userEvent.type(screen.getByLabelText('디바이스 시리얼 번호'), 'SN-E2E-1');
    await userEvent.click(screen.getByRole('button', { name: '등록' }));
    expect((await screen.findByRole('alert')).textContent).toContain('다른 기기가 등록된 매체입니다. SSAID 초기화 후 등록하세요.');
    expect(JSON.parse(localStorage.getItem(PAIRING) ?? '{}')).toMatchObject({ serial: 'SN-E2E-1', token: null });
  });

  it('goes back to the pairing, serial filled in, when the token was revoked', async () => {
    localStorage.setItem(PAIRING, JSON.stringify({ serial: 'SN-E2E-1', ssaid: 'web-0123', token: 'revoked' }));
    serve(() => envelope(null, 10500, '인증이 필요합니다.', 401));
    render(<PlayerPage />);
    await screen.findByRole('heading', { name: '플레이어 등록' });
    expect((screen.getByLabelText('디바이스 시리얼 번호') as HTMLInputElement).value).toBe('SN-E2E-1');
    expect(JSON.parse(localStorage.getItem(PAIRING) ?? '{}')).toEqual({ serial: 'SN-E2E-1', ssaid: 'web-0123', token: null });
  });
});
