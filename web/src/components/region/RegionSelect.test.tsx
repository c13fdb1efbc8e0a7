import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../lib/queryClient';
import { answer } from '../../test/doubles';
import { RegionSelect } from './RegionSelect';

const SIDO = [
  { rgnCd: '1100000000', rgnNm: '서울특별시', parentCd: null, level: 1 },
  { rgnCd: '2600000000', rgnNm: '부산광역시', parentCd: null, level: 1 },
];
const SIGUNGU: Record<string, { rgnCd: string; rgnNm: string; parentCd: string; level: number }[]> = {
  '1100000000': [
    { rgnCd: '1165000000', rgnNm: '서초구', parentCd: '1100000000', level: 2 },
    { rgnCd: '1168000000', rgnNm: '강남구', parentCd: '1100000000', level: 2 },
  ],
  '2600000000': [{ rgnCd: '2635000000', rgnNm: '해운대구', parentCd: '2600000000', level: 2 }],
};

function stubServer() {
  const asked: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url !== '/api/data/rgn/jsonList.do') return answer({ code: 0, message: '', data: null });
      const body = JSON.parse(String(init.body)) as { parentCd?: string };
      asked.push(body);
      return answer({ code: 0, message: '', data: { list: body.parentCd ? (SIGUNGU[body.parentCd] ?? []) : SIDO } });
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

/** Opens an antd select by its label and clicks the option with this text. */
async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find((element) => element.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  await userEvent.click(item);
}

async function submitted(values: unknown[], expected: unknown) {
  await userEvent.click(screen.getByRole('button', { name: '보내기' }));
  await waitFor(() => expect(values.at(-1)).toEqual(expected));
}

describe('RegionSelect', () => {
  beforeEach(() => queryClient.clear());

  it('offers the sigungu of a sido only once the sido is picked, and stores the narrowest choice', async () => {
    const asked = stubServer();
    const values = renderInForm();
    expect(screen.getByRole('combobox', { name: '시군구' }).closest('.ant-select')?.className).toContain('disabled');
    await waitFor(() => expect(asked).toEqual([{}]));

    await choose('시도', '서울특별시');
    await waitFor(() => expect(asked).toContainEqual({ parentCd: '1100000000' }));
    await submitted(values, '1100000000');

    await choose('시군구', '강남구');
    await submitted(values, '1168000000');
  });

  it('shows a stored sigungu under its sido, loading that sido’s sigungu', async () => {
    const asked = stubServer();
    renderInForm('2635000000');
    await waitFor(() => expect(asked).toContainEqual({ parentCd: '2600000000' }));
    expect(await screen.findByText('부산광역시')).toBeTruthy();
    expect(await screen.findByText('해운대구')).toBeTruthy();
  });

  it('goes back to the whole sido when another sido is picked', async () => {
    stubServer();
    const values = renderInForm('1168000000');
    expect(await screen.findByText('강남구')).toBeTruthy();
    await choose('시도', '부산광역시');
    await submitted(values, '2600000000');
    await waitFor(() => expect(screen.queryByText('강남구')).toBeNull());
  });
});
