import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, captureAlerts } from '../../../test/doubles';
import { EXEC_POLL_MS, useExecProgress, type ExecDetail } from './useExecProgress';

/** A server whose answers about the job come one after another from `states` (the last one repeating). */
function stubServer(states: Partial<ExecDetail>[]) {
  const asked: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url !== '/api/schedule/schedule/jsonExecDetail.do') return answer({ code: 10404, message: '없음', data: null }, 404);
      asked.push(JSON.parse(String(init.body)));
      const state = states[Math.min(asked.length, states.length) - 1];
      return answer({ code: 0, message: '', data: { execIdx: 5, progress: 0, ...state } });
    }),
  );
  return asked;
}

// Less than a poll: lets what the timers started settle without asking again.
const SETTLE_MS = 10;

/** Moves the fake clock, then lets the answers of the calls it started reach the hook (on a timer of their own). */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await act(() => vi.advanceTimersByTimeAsync(SETTLE_MS));
}

function renderProgress(execIdx: number | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useExecProgress(execIdx), { wrapper });
}

describe('useExecProgress', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    captureAlerts();
  });
  afterEach(() => vi.useRealTimers());

  it('asks about the job while it runs and stops once it is done', async () => {
    const asked = stubServer([
      { status: 0, progress: 10 },
      { status: 0, progress: 60 },
      { status: 1, progress: 100 },
    ]);
    const { result } = renderProgress(5);
    await advance(0);
    expect(asked[0]).toEqual({ execIdx: 5 });
    expect(result.current.data?.progress).toBe(10);

    await advance(EXEC_POLL_MS);
    expect(result.current.data?.progress).toBe(60);
    await advance(EXEC_POLL_MS);
    expect(result.current.data?.status).toBe(1);
    expect(asked).toHaveLength(3);

    await advance(EXEC_POLL_MS * 10);
    expect(asked).toHaveLength(3);
  });

  it('stops once the job has failed, keeping its error', async () => {
    const asked = stubServer([{ status: 0 }, { status: 3, error: '매체 그룹을 찾을 수 없습니다.' }]);
    const { result } = renderProgress(5);
    await advance(EXEC_POLL_MS);
    expect(result.current.data?.error).toBe('매체 그룹을 찾을 수 없습니다.');
    await advance(EXEC_POLL_MS * 10);
    expect(asked).toHaveLength(2);
  });

  it('asks nothing before a job is started', async () => {
    const asked = stubServer([{ status: 0 }]);
    renderProgress(null);
    await advance(EXEC_POLL_MS * 5);
    expect(asked).toHaveLength(0);
  });
});
