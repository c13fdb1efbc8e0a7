import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../lib/queryClient';
import { answer } from '../../test/doubles';
import { reachesLevel, RegionsField } from './RegionsField';

configure({ asyncUtilTimeout: 5_000 });

const REGIONS = [
  { rgnCd: '1100000000', rgnNm: '서울특별시', parentCd: null, level: 1, fullNm: '서울특별시' },
  { rgnCd: '2600000000', rgnNm: '부산광역시', parentCd: null, level: 1, fullNm: '부산광역시' },
  { rgnCd: '1168000000', rgnNm: '강남구', parentCd: '1100000000', level: 2, fullNm: '서울특별시 강남구' },
  { rgnCd: '1168010100', rgnNm: '역삼동', parentCd: '1168000000', level: 3, fullNm: '서울특별시 강남구 역삼동' },
];

function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url.startsWith('/api/data/bcode/map')) {
        const codes = new URL(url, 'http://localhost').searchParams.get('codes')?.split(',') ?? [];
        return answer({ code: 0, message: '', data: Object.fromEntries(codes.map((code) => [code, REGIONS.find((one) => one.rgnCd === code)?.fullNm ?? code])) });
      }
      const body = JSON.parse(String(init.body)) as { parentCd?: string };
      return answer({ code: 0, message: '', data: { list: REGIONS.filter((one) => one.parentCd === (body.parentCd ?? null)) } });
    }),
  );
}

function renderField(level: 1 | 2) {
  const submitted: unknown[] = [];
  render(
    <Providers>
      <Form initialValues={{ rgnCds: [] }} onFinish={(values) => submitted.push(values.rgnCds)}>
        <Form.Item name="rgnCds" label="대상 지역">
          <RegionsField level={level} />
        </Form.Item>
        <Button htmlType="submit">보내기</Button>
      </Form>
    </Providers>,
  );
  return submitted;
}

const option = (text: string) =>
  waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')).find(
      (element) => element.textContent === text,
    );
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });

async function choose(label: string, text: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await option(text));
}

const addButton = () => screen.getByRole('button', { name: /지역 추가/ });

describe('RegionsField', { timeout: 30_000 }, () => {
  beforeEach(() => queryClient.clear());

  it('holds sigungu targets: a bare sido is refused, a deeper pick is kept as its sigungu, once', async () => {
    stubServer();
    const submitted = renderField(2);
    await choose('시도', '서울특별시');
    expect(screen.getByText('시군구까지 선택해 주세요.')).toBeTruthy();
    expect((addButton() as HTMLButtonElement).disabled).toBe(true);

    await choose('시군구', '강남구');
    await userEvent.click(addButton());
    expect(await screen.findByText('서울특별시 강남구')).toBeTruthy();

    await choose('시도', '서울특별시');
    await choose('시군구', '강남구');
    await choose('읍면동', '역삼동');
    await userEvent.click(addButton());
    await userEvent.click(screen.getByRole('button', { name: '보내기' }));
    await waitFor(() => expect(submitted.at(-1)).toEqual(['1168000000']));
  });

  it('holds sido targets: a district picked stands for its sido; a tag taken off leaves the list', async () => {
    stubServer();
    const submitted = renderField(1);
    await choose('시도', '부산광역시');
    await userEvent.click(addButton());
    await choose('시도', '서울특별시');
    await choose('시군구', '강남구');
    await userEvent.click(addButton());
    await userEvent.click(screen.getByRole('button', { name: '보내기' }));
    await waitFor(() => expect(submitted.at(-1)).toEqual(['2600000000', '1100000000']));

    const busan = await waitFor(() => {
      const tag = [...document.querySelectorAll('.regions-field-chosen .ant-tag')].find((one) => one.textContent === '부산광역시');
      if (!tag) throw new Error('no tag of 부산광역시');
      return tag;
    });
    await userEvent.click(busan.querySelector('.ant-tag-close-icon')!);
    await userEvent.click(screen.getByRole('button', { name: '보내기' }));
    await waitFor(() => expect(submitted.at(-1)).toEqual(['1100000000']));
  });
});

describe('reachesLevel', () => {
  it.each([
    ['1100000000', 1, true],
    ['1100000000', 2, false],
    ['1168000000', 2, true],
    ['1168010100', 2, true],
    ['11680', 1, false],
  ] as const)('%s reaches level %i: %s', (code, level, reaches) => {
    expect(reachesLevel(code, level)).toBe(reaches);
  });
});
