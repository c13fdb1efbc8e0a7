import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { noticeContentField } from '../../components/notice/noticeFields';
import { FieldValue } from '../../components/resource/FieldValue';
import { queryClient } from '../../lib/queryClient';
import { answer } from '../../test/doubles';
import { LatestNotices } from './LatestNotices';

const HOSTILE =
  '<p>점검 <b>안내</b></p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">' +
  '<a href="javascript:alert(1)">링크</a>';

function stubServer() {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      if (url === '/api/system/notice/jsonDashList.do') {
        return answer({ code: 0, message: '', data: { list: [{ ntIdx: 5, ntTitle: '서버 점검', createdAt: '2026-03-02 10:00:00' }] } });
      }
      if (url === '/api/system/notice/jsonDashDetail.do') {
        return answer({
          code: 0,
          message: '',
          data: {
            ntIdx: 5,
            ntTitle: '서버 점검',
            ntContent: HOSTILE,
            uName: '관리자',
            createdAt: '2026-03-02 10:00:00',
            files: [{ fileIdx: 3, fileName: '일정.txt', fileSize: 2048 }],
          },
        });
      }
      return answer({ code: 0, message: '', data: null });
    }),
  );
  return calls;
}

/** What must never survive sanitising: script elements, event handlers, javascript: links. */
function expectHarmless(container: HTMLElement) {
  expect(container.querySelector('script')).toBeNull();
  expect(container.querySelector('[onerror]')).toBeNull();
  expect(container.querySelector('a[href^="javascript"]')).toBeNull();
  expect((window as { hacked?: boolean }).hacked).toBeUndefined();
}

describe('notice rendering', () => {
  beforeEach(() => queryClient.clear());

  it('renders notice HTML with its markup but without scripts and handlers', async () => {
    const { container } = render(<FieldValue shape={noticeContentField} value={HOSTILE} />);
    await waitFor(() => expect(container.querySelector('b')?.textContent).toBe('안내'));
    expect(container.querySelector('img')).not.toBeNull();
    expectHarmless(container);
  });

  it('lists the latest notices on the home card and opens one, sanitised, with its attachment', async () => {
    const calls = stubServer();
    render(
      <Providers>
        <LatestNotices />
      </Providers>,
    );
    await userEvent.click(await screen.findByText('서버 점검'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('안내')).toBeTruthy());
    expect(calls.find((call) => call.url === '/api/system/notice/jsonDashDetail.do')?.body).toEqual({ ntIdx: 5 });
    expectHarmless(dialog);
    const attachment = within(dialog).getByRole('link', { name: /일정\.txt/ });
    expect(attachment.getAttribute('href')).toBe('/api/common/file/download/notice/3/%EC%9D%BC%EC%A0%95.txt');
    expect(within(dialog).getByText('(2.0 KB)')).toBeTruthy();
  });
});
