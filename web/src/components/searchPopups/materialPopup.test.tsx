import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../lib/queryClient';
import { answer } from '../../test/doubles';
import { signIn } from '../../test/screens';
import { PopupField } from '../popup/PopupField';
import { materialPopup } from './materialPopup';

describe('materialPopup', () => {
  beforeEach(() => {
    queryClient.clear();
    signIn(['campaign.material:list']);
  });

  it('searches the materials a campaign may attach, within the conditions of where it opens, and stores the picked matId', async () => {
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url.endsWith('/jsonCodeKey.do')) return answer({ code: 0, message: '', data: { list: [] } });
        if (url !== '/api/campaign/material/jsonApprovedList.do') return answer({ code: 10404, message: '없음', data: null }, 404);
        bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        const list = [{ matId: 7, matName: '봄 세일 15초', templateType: 2, matPlaytime: 15, matStatus: 1, createdAt: '2026-03-02 10:00:00', thumbUrl: '/api/material/image.do?matId=7' }];
        return answer({ code: 0, message: '', data: { list, totalCount: 1, page: 1, pageSize: 10 } });
      }),
    );
    const submitted: unknown[] = [];
    render(
      <Providers>
        <Form onFinish={(values) => submitted.push(values.matId)}>
          <Form.Item name="matId" label="소재">
            <PopupField popup={materialPopup} conditions={{ advertiserCId: 3, templateType: 2 }} />
          </Form.Item>
          <Button htmlType="submit">보내기</Button>
        </Form>
      </Providers>,
    );
    await userEvent.click(screen.getByRole('button', { name: '소재 검색' }));
    const dialog = screen.getByRole('dialog');
    const name = await within(dialog).findByText('봄 세일 15초');
    expect(dialog.querySelector('img.thumbnail')?.getAttribute('src')).toBe('/api/material/image.do?matId=7');
    expect(bodies[0]).toEqual({ advertiserCId: 3, templateType: 2, page: 1, pageSize: 10 });
    await userEvent.click(name);
    await userEvent.click(screen.getByRole('button', { name: '보내기' }));
    await waitFor(() => expect(submitted).toEqual([7]));
  });
});
