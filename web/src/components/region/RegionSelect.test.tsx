import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../lib/queryClient';
import { answer } from '../../test/doubles';
import { RegionSelect } from './RegionSelect';

interface StubRegion {
  rgnCd: string;
  rgnNm: string;
  parentCd: string | null;
  level: number;
  fullNm: string;
}

const region = (rgnCd: string, rgnNm: string, parentCd: string | null, level: number, fullNm: string): StubRegion => ({ rgnCd, rgnNm, parentCd, level, fullNm });

// Sejong has no sigungu: its eup/myeon/dong hang from the sido itself.
const REGIONS: StubRegion[] = [
  region('1100000000', '서울특별시', null, 1, '서울특별시'),
  region('2600000000', '부산광역시', null, 1, '부산광역시'),
  region('3600000000', '세종특별자치시', null, 1, '세종특별자치시'),
  region('1165000000', '서초구', '1100000000', 2, '서울특별시 서초구'),
  region('1168000000', '강남구', '1100000000', 2, '서울특별시 강남구'),
  region('2635000000', '해운대구', '2600000000', 2, '부산광역시 해운대구'),
  region('1168010100', '역삼동', '1168000000', 3, '서울특별시 강남구 역삼동'),
  region('1168010300', '개포동', '1168000000', 3, '서울특별시 강남구 개포동'),
  region('3611010100', '반곡동', '3600000000', 3, '세종특별자치시 반곡동'),
  region('3611025000', '조치원읍', '3600000000', 3, '세종특별자치시 조치원읍'),
  region('3611025021', '서창리', '3611025000', 4, '세종특별자치시 조치원읍 서창리'),
];

function stubServer() {
  const asked: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url !== '/api/data/rgn/jsonList.do') return answer({ code: 0, message: '', data: null });
      const body = JSON.parse(String(init.body)) as { parentCd?: string; q?: string };
      asked.push(body);
      const list = body.q
        ? REGIONS.filter((candidate) => candidate.rgnNm.includes(body.q ?? ''))
        : REGIONS.filter((candidate) => candidate.parentCd === (body.parentCd ?? null));
      return answer({ code: 0, message: '', data: { list } });
    }),
  );
  return asked;
}

function renderInForm(initial?: string) {
  const submitted: unknown[] = [];
  render(
    <Providers>
      <Form initialValues={{ rgnCd: initial }} onFinish={(values) => submitted.push(values.rgnCd)}>
        <Form.Item name="rgnCd" label="지역">
          <RegionSelect />
        </Form.Item>
        <Button htmlType="submit">보내기</Button>
      </Form>
    </Providers>,
  );
  return submitted;
}

const select = (label: string) => screen.getByRole('combobox', { name: label }).closest('.ant-select');
const isDisabled = (label: string) => select(label)?.className.includes('disabled') ?? false;

/** The option with this text in the open dropdown. */
const option = (text: string) =>
  waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')).find(
      (element) => element.textContent === text,
    );
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });

/** Opens an antd select by its label and clicks the option with this text. */
async function choose(label: string, text: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await option(text));
}

async function submitted(values: unknown[], expected: unknown) {
  await userEvent.click(screen.getByRole('button', { name: '보내기' }));
  await waitFor(() => expect(values.at(-1)).toEqual(expected));
}

/** The text a select shows as chosen. */
const shown = (label: string) => select(label)?.querySelector('.ant-select-content-has-value')?.getAttribute('title') ?? '';

describe('RegionSelect', () => {
  beforeEach(() => queryClient.clear());

  it('offers each level once the level above is chosen, and stores the deepest choice', async () => {
    const asked = stubServer();
    const values = renderInForm();
    expect(isDisabled('시군구')).toBe(true);
    expect(isDisabled('읍면동')).toBe(true);
    await waitFor(() => expect(asked).toEqual([{}]));

    await choose('시도', '서울특별시');
    await waitFor(() => expect(asked).toContainEqual({ parentCd: '1100000000' }));
    await submitted(values, '1100000000');

    await choose('시군구', '강남구');
    await waitFor(() => expect(isDisabled('읍면동')).toBe(false));
    await submitted(values, '1168000000');

    await choose('읍면동', '역삼동');
    await submitted(values, '1168010100');
    // 역삼동 has no ri.
    await waitFor(() => expect(asked).toContainEqual({ parentCd: '1168010100' }));
    expect(isDisabled('리')).toBe(true);
  });

  it('goes back to the region above when a level is cleared', async () => {
    stubServer();
    const values = renderInForm('1168010100');
    await waitFor(() => expect(shown('읍면동')).toBe('역삼동'));
    await userEvent.click(select('읍면동')!.querySelector('.ant-select-clear')!);
    await submitted(values, '1168000000');
  });

  it('shows a stored region under each region holding it, loading their lists', async () => {
    const asked = stubServer();
    renderInForm('1168010300');
    await waitFor(() => expect(asked).toContainEqual({ parentCd: '1100000000' }));
    await waitFor(() => expect(asked).toContainEqual({ parentCd: '1168000000' }));
    await waitFor(() => expect(shown('읍면동')).toBe('개포동'));
    expect(shown('시도')).toBe('서울특별시');
    expect(shown('시군구')).toBe('강남구');
  });

  it('goes back to the whole sido when another sido is picked', async () => {
    stubServer();
    const values = renderInForm('1168000000');
    await waitFor(() => expect(shown('시군구')).toBe('강남구'));
    await choose('시도', '부산광역시');
    await submitted(values, '2600000000');
    await waitFor(() => expect(shown('시군구')).toBe(''));
  });

  it('offers the eup/myeon/dong of a sido without sigungu, then its ri', async () => {
    stubServer();
    const values = renderInForm();
    await choose('시도', '세종특별자치시');
    await waitFor(() => expect(isDisabled('읍면동')).toBe(false));
    expect(isDisabled('시군구')).toBe(true);

    await choose('읍면동', '조치원읍');
    await waitFor(() => expect(isDisabled('리')).toBe(false));
    await choose('리', '서창리');
    await submitted(values, '3611025021');
    expect(shown('시도')).toBe('세종특별자치시');
    expect(shown('읍면동')).toBe('조치원읍');
  });

  it('jumps to a region found by name, asking the server with the typed text', async () => {
    const asked = stubServer();
    const values = renderInForm();
    await userEvent.type(screen.getByRole('combobox', { name: '지역 검색' }), '역삼');
    await waitFor(() => expect(asked).toContainEqual({ q: '역삼' }));
    await userEvent.click(await option('서울특별시 강남구 역삼동'));
    await submitted(values, '1168010100');
    await waitFor(() => expect(shown('읍면동')).toBe('역삼동'));
    expect(shown('시도')).toBe('서울특별시');
    expect(shown('시군구')).toBe('강남구');
  });
});
