import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, captureAlerts } from '../../../../test/doubles';
import { CLOSING_POLL_MS, closingEnded, useClosingProgress, type ClosingProgress } from './getClosingProgress';

/** A server whose answers about the closing come one after another from `states` (the last one repeating). */
function stubServer(states: Partial<ClosingProgress>[]) {
  const asked: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url !== '/api/settlement/closing/jsonProgress.do') return answer({ code: 10404, message: '없음', data: null }, 404);
      asked.push(JSON.parse(String(init.body)));
      const state = states[Math.min(asked.length, states.length) - 1];
      return answer({ code: 0, message: '', data: { month: '2027-01', status: 0, progress: 0, error: null, ...state } });
    }),
  );
  return asked;
}

// Less than a poll: lets what the timers started settle without asking again.
const SETTLE_MS = 10;

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await act(() => vi.advanceTimersByTimeAsync(SETTLE_MS));
}

function renderProgress(month: string | null, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useClosingProgress(month), { wrapper });
}

describe('useClosingProgress', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    captureAlerts();
  });
  afterEach(() => vi.useRealTimers());

  it('asks about the month while it is being closed and stops once it is closed', async () => {
    const asked = stubServer([
      { status: 0, progress: 0 },
      { status: 0, progress: 55 },
      { status: 1, progress: 100 },
    ]);
    const { result } = renderProgress('2027-01');
    await advance(0);
    expect(asked[0]).toEqual({ month: '2027-01' });
    expect(result.current.data?.progress).toBe(0);

    await advance(CLOSING_POLL_MS);
    expect(result.current.data?.progress).toBe(55);
    await advance(CLOSING_POLL_MS);
    expect(result.current.data?.status).toBe(1);
    expect(asked).toHaveLength(3);

    await advance(CLOSING_POLL_MS * 10);
    expect(asked).toHaveLength(3);
  });

  it('stops once the closing has failed, keeping why', async () => {
    const asked = stubServer([{ status: 0, progress: 30 }, { status: 0, progress: 30, error: '캠페인 금액을 읽지 못했습니다.' }]);
    const { result } = renderProgress('2027-01');
    await advance(CLOSING_POLL_MS);
    expect(result.current.data?.error).toBe('캠페인 금액을 읽지 못했습니다.');
    await advance(CLOSING_POLL_MS * 10);
    expect(asked).toHaveLength(2);
  });

  it('refreshes the settlement lists once the month is closed, not before', async () => {
    stubServer([{ status: 0, progress: 40 }, { status: 1, progress: 100 }]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const refreshed = vi.spyOn(client, 'invalidateQueries');
    renderProgress('2027-01', client);
    await advance(0);
    expect(refreshed).not.toHaveBeenCalled();
    await advance(CLOSING_POLL_MS);
    expect(refreshed).toHaveBeenCalledTimes(1);
    const { predicate } = refreshed.mock.calls[0][0] as unknown as { predicate: (query: { queryKey: unknown[] }) => boolean };
    expect(predicate({ queryKey: ['settlement/media', 'list'] })).toBe(true);
    expect(predicate({ queryKey: ['campaign/jungsan', 'list'] })).toBe(true);
    expect(predicate({ queryKey: ['fee/media', 'list'] })).toBe(false);
    expect(predicate({ queryKey: ['settlement/closing', 'progress', '2027-01'] })).toBe(false);
  });

  it('asks nothing while no month is being closed', async () => {
    const asked = stubServer([{ status: 0 }]);
    renderProgress(null);
    await advance(CLOSING_POLL_MS * 5);
    expect(asked).toHaveLength(0);
  });
});

describe('closingEnded', () => {
  it('is over when the month is closed or the job failed, not while it runs', () => {
    const running = { month: '2027-01', status: 0, progress: 99, error: null };
    expect(closingEnded(undefined)).toBe(false);
    expect(closingEnded(running)).toBe(false);
    expect(closingEnded({ ...running, status: 1 })).toBe(true);
    expect(closingEnded({ ...running, error: '실패' })).toBe(true);
  });

  it('follows a queued job and gives up once no job runs for the month', () => {
    const queued = { month: '2027-01', status: 0, closing: true, progress: 0, error: null };
    expect(closingEnded(queued)).toBe(false);
    expect(closingEnded({ ...queued, closing: false })).toBe(true);
  });
});
