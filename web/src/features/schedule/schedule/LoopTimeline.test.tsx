import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { queryClient } from '../../../lib/queryClient';
import { answer } from '../../../test/doubles';
import type { LoopItem } from '../loop';
import { LoopTimeline } from './LoopTimeline';

configure({ asyncUtilTimeout: 5_000 });

const SLOT_TYPES = [
  { cdCode: '1', cdName: '광고' },
  { cdCode: '2', cdName: '자체광고' },
  { cdCode: '3', cdName: '콘텐츠' },
  { cdCode: '4', cdName: '공지' },
];

const loop: LoopItem[] = [
  { seq: 1, slotType: 1, cmpgId: 7, matId: 70, seconds: 15, loops: 'all', matName: '봄 세일', cmpgTitle: '봄맞이 행사', thumbUrl: '/api/material/image.do?matId=70' },
  { seq: 2, slotType: 1, cmpgId: 8, matId: 80, seconds: 15, loops: 'even', matName: '여름 영상', cmpgTitle: '여름 행사' },
  { seq: 3, slotType: 2, cmpgId: null, matId: 90, seconds: 15, loops: 'odd', matName: '자체 홍보', overridden: true },
  { seq: 4, slotType: 4, cmpgId: null, matId: null, seconds: 10, loops: 'all' },
];

function renderTimeline(onReplace?: (item: LoopItem) => void) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer({ code: 0, message: '', data: { list: SLOT_TYPES } })),
  );
  render(
    <Providers>
      <LoopTimeline loop={loop} onReplace={onReplace} />
    </Providers>,
  );
}

describe('LoopTimeline', { timeout: 30_000 }, () => {
  beforeEach(() => queryClient.clear());

  it('shows one card per item in order, the two halves of a shared slot together in one place', async () => {
    renderTimeline();
    const places = within(screen.getByRole('list', { name: '루프' })).getAllByRole('listitem');
    expect(places.map((place) => place.getAttribute('aria-label'))).toEqual(['1번째 자리', '2번째 자리 (반구좌)', '3번째 자리']);
    const halves = places[1];
    const cards = halves.querySelectorAll('article');
    expect([...cards].map((card) => card.getAttribute('aria-label'))).toEqual(['2번 여름 영상', '3번 자체 홍보']);
    expect(within(halves).getByText('짝수 루프')).toBeTruthy();
    expect(within(halves).getByText('홀수 루프')).toBeTruthy();
    // A slot played in every loop carries no parity mark.
    expect(within(places[0]).queryByText(/루프$/)).toBeNull();
    expect(await within(places[0]).findByText('광고')).toBeTruthy();
    expect(within(places[0]).getByText('봄맞이 행사')).toBeTruthy();
    expect(places[0].querySelector('img')?.getAttribute('src')).toBe('/api/material/image.do?matId=70');
  });

  it('marks only the overridden slot', () => {
    renderTimeline();
    const marks = screen.getAllByText('수동 변경');
    expect(marks).toHaveLength(1);
    expect(marks[0].closest('article')?.getAttribute('aria-label')).toBe('3번 자체 홍보');
    expect(marks[0].closest('article')?.classList.contains('overridden')).toBe(true);
  });

  it('offers replacing every slot but the notice, telling which item was chosen', async () => {
    const replaced: number[] = [];
    renderTimeline((item) => replaced.push(item.seq));
    expect(screen.getAllByRole('button', { name: /소재 교체$/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      '1번 소재 교체',
      '2번 소재 교체',
      '3번 소재 교체',
    ]);
    await userEvent.click(screen.getByRole('button', { name: '3번 소재 교체' }));
    expect(replaced).toEqual([3]);
  });

  it('offers no replacing without the right to change schedules', () => {
    renderTimeline();
    expect(screen.queryAllByRole('button', { name: /소재 교체$/ })).toHaveLength(0);
  });

  it('tells a day without a plan', () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer({ code: 0, message: '', data: { list: [] } })));
    render(
      <Providers>
        <LoopTimeline loop={[]} />
      </Providers>,
    );
    expect(screen.getByText('이 날의 편성이 없습니다.')).toBeTruthy();
  });
});
