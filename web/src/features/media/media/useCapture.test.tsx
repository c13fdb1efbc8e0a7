import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { answer, captureAlerts } from '../../../test/doubles';
import { CapturePanel } from './CapturePanel';
import { CAPTURE_POLL_MS, useCapture } from './useCapture';

type Result = { status: string; imageUrl?: string; doneAt?: string };

/** A server whose capture results come one after another from `results` (the last one repeating). */
function stubServer(results: Result[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      asked.push(`${init.method} ${url}`);
      if (url === '/api/media/7/capture.do') return answer({ code: 0, message: '', data: { uuid: 'u-1' } });
      if (url.startsWith('/api/media/7/capture/result.do')) {
        const polls = asked.filter((line) => line.includes('result.do')).length;
        return answer({ code: 0, message: '', data: results[Math.min(polls, results.length) - 1] });
      }
      return answer({ code: 10404, message: '없음', data: null }, 404);
    }),
  );
  return asked;
}

const polls = (asked: string[]) => asked.filter((line) => line.includes('result.do'));

describe('useCapture', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    captureAlerts();
  });
  afterEach(() => vi.useRealTimers());

  it('asks for a capture, polls every 2 seconds while pending, and ends with the image', async () => {
    const asked = stubServer([{ status: 'pending' }, { status: 'pending' }, { status: 'done', imageUrl: '/api/common/file/download/capture/5/capture.png', doneAt: '2026-11-22T10:00:00Z' }]);
    const { result } = renderHook(() => useCapture(7));
    await act(() => result.current.request());
    expect(asked[0]).toBe('POST /api/media/7/capture.do');
    expect(result.current.state.phase).toBe('pending');
    expect(polls(asked)).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(CAPTURE_POLL_MS));
    expect(polls(asked)).toEqual(['GET /api/media/7/capture/result.do?uuid=u-1']);
    expect(result.current.state.phase).toBe('pending');

    await act(() => vi.advanceTimersByTimeAsync(CAPTURE_POLL_MS * 2));
    expect(result.current.state).toEqual({ phase: 'done', imageUrl: '/api/common/file/download/capture/5/capture.png', doneAt: '2026-11-22T10:00:00Z' });

    await act(() => vi.advanceTimersByTimeAsync(CAPTURE_POLL_MS * 5));
    expect(polls(asked)).toHaveLength(3);
  });

  it('gives up when the server says the player did not answer in time', async () => {
    const asked = stubServer([{ status: 'pending' }, { status: 'timeout' }]);
    const { result } = renderHook(() => useCapture(7));
    await act(() => result.current.request());
    await act(() => vi.advanceTimersByTimeAsync(CAPTURE_POLL_MS * 2));
    expect(result.current.state.phase).toBe('timeout');
    await act(() => vi.advanceTimersByTimeAsync(CAPTURE_POLL_MS * 5));
    expect(polls(asked)).toHaveLength(2);
  });

  it('gives up by itself after 2 minutes of pending answers', async () => {
    const asked = stubServer([{ status: 'pending' }]);
    const { result } = renderHook(() => useCapture(7));
    await act(() => result.current.request());
    await act(() => vi.advanceTimersByTimeAsync(118_000));
    expect(result.current.state.phase).toBe('pending');
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(result.current.state.phase).toBe('timeout');
    const asked2min = polls(asked).length;
    await act(() => vi.advanceTimersByTimeAsync(CAPTURE_POLL_MS * 5));
    expect(polls(asked)).toHaveLength(asked2min);
  });

  it('shows the captured image on the panel once it is there', async () => {
    vi.useRealTimers();
    const user = userEvent.setup();
    stubServer([{ status: 'done', imageUrl: '/api/common/file/download/capture/5/capture.png' }]);
    render(
      <Providers>
        <CapturePanel row={{ mediaId: 7 }} />
      </Providers>,
    );
    await user.click(screen.getByRole('button', { name: /화면 캡처 요청/ }));
    const image = await screen.findByRole('img', { name: '화면 캡처' }, { timeout: CAPTURE_POLL_MS + 2_000 });
    expect(image.getAttribute('src')).toBe('/api/common/file/download/capture/5/capture.png');
  });
});
