import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../lib/queryClient';
import { serveApi, signIn } from '../../test/screens';
import { corpPopup, mediaCorpPopup } from '../searchPopups/corpPopups';
import { salesUserPopup } from '../searchPopups/userPopups';
import type { PopupDefinition } from './definition';
import { popupRequest } from './popupApi';
import { PopupField } from './PopupField';

const corps = [
  { cId: 7, cName: '타운광고', cBizNo: '1248100998', roleCd: 10003, cStatus: 1 },
  { cId: 9, cName: '한빛매체', cBizNo: '2208162517', roleCd: 10004, cStatus: 1 },
];

function stubServer() {
  const calls = serveApi((url, body) => {
    if (url === '/api/account/corp/jsonList.do') {
      const list = body.cName ? corps.filter((corp) => corp.cName.includes(String(body.cName))) : corps;
      return { list, totalCount: list.length, page: 1, pageSize: 10 };
    }
    if (url === '/api/account/user/jsonSalesList.do') return { list: [{ uIdx: 31, uId: 'sales1', uName: '김영업', cId: 7, cName: '타운광고' }] };
    if (url === '/api/common/corp/byCId.do') return { list: [corps[1]] };
    return null;
  });
  return { calls, to: (url: string) => calls.filter((call) => call.url === url) };
}

/** A form with one popup field, reporting what it would submit. */
function renderField(popup: PopupDefinition, initialValue?: unknown, initialLabel?: string) {
  const submitted: Record<string, unknown>[] = [];
  render(
    <Providers>
      <Form initialValues={{ picked: initialValue }} onFinish={(values) => submitted.push(values)}>
        <Form.Item name="picked" label="선택">
          <PopupField popup={popup} initialLabel={initialLabel} />
        </Form.Item>
        <Button htmlType="submit">보내기</Button>
      </Form>
    </Providers>,
  );
  return submitted;
}

const popupDialog = () => screen.getByRole('dialog');

describe('SearchPopup', () => {
  beforeEach(() => {
    queryClient.clear();
    signIn(['account.corp:list']);
  });

  it('picks a searched row: the field stores its id and shows its label', async () => {
    const server = stubServer();
    const submitted = renderField(corpPopup);
    await userEvent.click(screen.getByRole('button', { name: '사업자 검색' }));
    expect(await within(popupDialog()).findByText('한빛매체')).toBeTruthy();
    expect(server.to('/api/account/corp/jsonList.do')[0].body).toEqual({ page: 1, pageSize: 10 });

    await userEvent.type(within(popupDialog()).getByLabelText('사업자명'), '타운');
    await userEvent.click(within(popupDialog()).getByRole('button', { name: /검\s*색/ }));
    await waitFor(() => expect(server.to('/api/account/corp/jsonList.do').at(-1)?.body).toEqual({ cName: '타운', page: 1, pageSize: 10 }));
    await waitFor(() => expect(within(popupDialog()).queryByText('한빛매체')).toBeNull());

    await userEvent.click(within(popupDialog()).getByText('타운광고'));
    expect((screen.getByLabelText('선택') as HTMLInputElement).value).toBe('타운광고');
    await userEvent.click(screen.getByRole('button', { name: '보내기' }));
    await waitFor(() => expect(submitted).toEqual([{ picked: 7 }]));
  });

  it('asks an unpaged list without paging and picks from it', async () => {
    const server = stubServer();
    const submitted = renderField(salesUserPopup);
    await userEvent.click(screen.getByRole('button', { name: '영업 사용자 검색' }));
    await userEvent.click(await within(popupDialog()).findByText('김영업'));
    expect(server.to('/api/account/user/jsonSalesList.do')[0].body).toEqual({});
    expect((screen.getByLabelText('선택') as HTMLInputElement).value).toBe('김영업');
    await userEvent.click(screen.getByRole('button', { name: '보내기' }));
    await waitFor(() => expect(submitted).toEqual([{ picked: 31 }]));
  });

  it('shows the label the row names, or looks up the label of a bare id', async () => {
    const server = stubServer();
    renderField(corpPopup, 7, '타운광고');
    expect((screen.getByLabelText('선택') as HTMLInputElement).value).toBe('타운광고');
    expect(server.to('/api/common/corp/byCId.do')).toEqual([]);
    queryClient.clear();
    document.body.innerHTML = '';
    renderField(corpPopup, 9);
    await waitFor(() => expect((screen.getByLabelText('선택') as HTMLInputElement).value).toBe('한빛매체'));
    expect(server.to('/api/common/corp/byCId.do')[0].body).toEqual({ cId: 9 });
  });

  it('empties the field with the clear mark', async () => {
    stubServer();
    const submitted = renderField(corpPopup, 7, '타운광고');
    await userEvent.click(screen.getByLabelText('선택 해제'));
    expect((screen.getByLabelText('선택') as HTMLInputElement).value).toBe('');
    await userEvent.click(screen.getByRole('button', { name: '보내기' }));
    await waitFor(() => expect(submitted).toEqual([{ picked: null }]));
  });
});

describe('popupRequest', () => {
  it('adds the conditions of the place and of the popup to what was typed, which cannot override them', () => {
    expect(popupRequest(mediaCorpPopup, { cName: '한빛', roleCd: '10003' }, 2, { cStatus: 1 })).toEqual({
      cName: '한빛',
      cStatus: 1,
      roleCd: 10004,
      page: 2,
      pageSize: 10,
    });
    expect(popupRequest(salesUserPopup, { uName: '' }, 1)).toEqual({});
  });
});
