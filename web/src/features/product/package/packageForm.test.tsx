import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toSaveRequest } from '../../../components/resource/formValues';
import { ResourceForm } from '../../../components/resource/ResourceForm';
import { queryClient } from '../../../lib/queryClient';
import { startSession } from '../../../lib/session/sessionStore';
import type { SessionUser } from '../../../lib/session/user';
import { answer } from '../../../test/doubles';
import { renderRoutes } from '../../../test/screens';
import { packageDefinition } from './definition';

// Screens of many antd parts render slowly on a busy machine: waits allow more than the default second.
configure({ asyncUtilTimeout: 5_000 });

const stored = {
  pkgId: 'P000000003',
  pkgNm: '기본 패키지',
  priceGrossYn: 'N',
  pkgStatus: 1,
  createdAt: '2026-01-01 09:00:00',
  products: [{ prdId: 'PRD0001', prdNm: '15초 광고', qty: 2, unitPrice: 300000, slotType: 1, playtime: 15, platform: 1 }],
};
const catalogue = [
  { prdId: 'PRD0001', prdNm: '15초 광고', unitPrice: 300000, slotType: 1, playtime: 15, platform: 1, prdStatus: 1 },
  { prdId: 'PRD0002', prdNm: '30초 광고', unitPrice: 500000, slotType: 1, playtime: 30, platform: 1, prdStatus: 1 },
];

function stubServer() {
  const saves: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      if (url.endsWith('/jsonCodeKey.do')) return answer({ code: 0, message: '', data: { list: [{ cdCode: '1', cdName: '판매중' }] } });
      if (url === '/api/product/package/jsonDetail.do') return answer({ code: 0, message: '', data: stored });
      if (url === '/api/product/product/jsonList.do') return answer({ code: 0, message: '', data: { list: catalogue, totalCount: 2, page: 1, pageSize: 10 } });
      if (url === '/api/product/package/jsonSave.do') {
        saves.push(body);
        return answer({ code: 0, message: '', data: { pkgId: 'P000000003' } });
      }
      return answer({ code: 0, message: '', data: null });
    }),
  );
  return saves;
}

describe('package products with quantities', () => {
  beforeEach(() => queryClient.clear());

  it('travel as product ids and quantities only', () => {
    const { row } = toSaveRequest(packageDefinition.fields, stored, 'modify', stored);
    expect(row).toEqual({ pkgNm: '기본 패키지', priceGrossYn: 'N', pkgStatus: 1, products: [{ prdId: 'PRD0001', qty: 2 }] });
  });

  it('are edited in the form: a product added in the popup, a quantity changed, then saved together', { timeout: 30_000 }, async () => {
    const saves = stubServer();
    startSession({ uId: 'admin', initPwdYn: 'N', programCodeList: ['product.package:view', 'product.package:update', 'product.product:list'] } as unknown as SessionUser);
    renderRoutes([{ path: '/product/package/view', element: <ResourceForm definition={packageDefinition} /> }], '/product/package/view?pkgId=P000000003');
    // Read first: the stored products with their quantities.
    expect(await screen.findByText('15초 광고')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /수\s*정/ }));

    await userEvent.click(await screen.findByRole('button', { name: /상품 추가/ }));
    const popup = await screen.findByRole('dialog', { name: '상품 검색' });
    const row = (await within(popup).findByText('30초 광고')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('checkbox'));
    await userEvent.click(within(popup).getByRole('button', { name: '1건 선택' }));

    const qty = await screen.findByRole('spinbutton', { name: '30초 광고 수량' });
    expect((qty as HTMLInputElement).value).toBe('1');
    await userEvent.clear(qty);
    await userEvent.type(qty, '3');
    await userEvent.click(screen.getByRole('button', { name: /저\s*장/ }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({
      pkgId: 'P000000003',
      pkgNm: '기본 패키지',
      priceGrossYn: 'N',
      pkgStatus: 1,
      products: [
        { prdId: 'PRD0001', qty: 2 },
        { prdId: 'PRD0002', qty: 3 },
      ],
    });
  });

  it('cannot be saved with a quantity left empty', async () => {
    const saves = stubServer();
    startSession({ uId: 'admin', initPwdYn: 'N', programCodeList: ['product.package:view', 'product.package:update', 'product.product:list'] } as unknown as SessionUser);
    renderRoutes([{ path: '/product/package/view', element: <ResourceForm definition={packageDefinition} /> }], '/product/package/view?pkgId=P000000003');
    await userEvent.click(await screen.findByRole('button', { name: /수\s*정/ }));
    await userEvent.clear(await screen.findByRole('spinbutton', { name: '15초 광고 수량' }));
    await userEvent.click(screen.getByRole('button', { name: /저\s*장/ }));
    expect(await screen.findByText('수량은(는) 1~100 사이로 입력해 주세요.')).toBeTruthy();
    expect(saves).toEqual([]);
  });
});
