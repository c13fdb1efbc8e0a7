import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ResourceForm } from '../../../components/resource/ResourceForm';
import { queryClient } from '../../../lib/queryClient';
import { startSession } from '../../../lib/session/sessionStore';
import type { SessionUser } from '../../../lib/session/user';
import { answer } from '../../../test/doubles';
import { renderRoutes } from '../../../test/screens';
import { contentMaterialDefinition } from './definition';

const SLOT_TYPES = [
  { cdCode: '1', cdName: '광고' },
  { cdCode: '2', cdName: '자체광고' },
  { cdCode: '3', cdName: '콘텐츠' },
  { cdCode: '4', cdName: '공지' },
];

describe('content materials', () => {
  beforeEach(() => queryClient.clear());

  it('belong to a house slot type instead of an advertiser', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const { cdKey } = JSON.parse(String(init.body)) as { cdKey?: string };
        if (url.endsWith('/jsonCodeKey.do')) return answer({ code: 0, message: '', data: { list: cdKey === 'SLOT_TYPE' ? SLOT_TYPES : [] } });
        return answer({ code: 0, message: '', data: null });
      }),
    );
    startSession({ uId: 'admin', roleCd: 10001, initPwdYn: 'N', programCodeList: ['content.material:write'] } as unknown as SessionUser);
    renderRoutes([{ path: '/content/material/view', element: <ResourceForm definition={contentMaterialDefinition} /> }], '/content/material/view');
    expect(await screen.findByRole('heading', { name: '콘텐츠 소재 등록' })).toBeTruthy();
    expect(screen.queryByLabelText('광고주')).toBeNull();
    await userEvent.click(screen.getByRole('combobox', { name: '슬롯 유형' }));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(2));
    const offered = Array.from(document.querySelectorAll('.ant-select-item-option')).map((option) => option.textContent);
    expect(offered).toEqual(['자체광고', '콘텐츠']);
  });
});
