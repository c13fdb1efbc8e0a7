import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/queryClient';
import { startSession } from '../../../lib/session/sessionStore';
import type { SessionUser } from '../../../lib/session/user';
import { answer } from '../../../test/doubles';
import { renderRoutes } from '../../../test/screens';
import { NewCampaignScreen, TempCampaignScreen } from './CampaignWritePage';

// Screens of many antd parts render slowly on a busy machine: waits allow more than the default second.
configure({ asyncUtilTimeout: 5_000 });

const draft = {
  cmpgId: 12,
  cmpgTitle: '봄맞이 세일',
  cmpgStatus: 3,
  displayStatus: 3,
  advertiserCId: 7,
  advertiserCName: '봄꽃상회',
  platform: 1,
  pkgId: 'P000000003',
  prdId: 'PRD0001',
  startDate: '2099-03-01',
  endDate: '2099-03-02',
  slotCnt: 2,
  schdRate: 100,
  targets: [{ mgId: 11, mgNm: '101동 그룹', poiNm: '래미안', mediaCnt: 3, templateType: 2 }],
  materials: [{ matId: 40, matName: '봄 영상', templateType: 2, matPlaytime: 15, matType: 'video', thumbUrl: null }],
  extraType: 'KRW',
  extraValue: -50000,
  memo: '',
  actions: ['save', 'request', 'delete'],
};

const sentBody = {
  cmpgId: 12,
  cmpgTitle: '봄맞이 세일',
  advertiserCId: 7,
  platform: 1,
  pkgId: 'P000000003',
  prdId: 'PRD0001',
  startDate: '2099-03-01',
  endDate: '2099-03-02',
  slotCnt: 2,
  schdRate: 100,
  targets: [{ mgId: 11 }],
  materials: [{ matId: 40 }],
  extraType: 'KRW',
  extraValue: -50000,
};

const quote = {
  days: 2,
  mediaCnt: 3,
  unitPrice: 300000,
  base: 120000,
  slotDiscount: 10,
  periodDiscount: 0,
  net: 108000,
  adjusted: 58000,
  supply: 58000,
  vat: 5800,
  total: 63800,
  audience: 2400,
  conflicts: [{ mgId: 11, date: '2099-03-02', capacity: 10, used: 9 }],
};

const CODES: Record<string, [string, string][]> = {
  PLATFORM: [['1', 'PRO'], ['2', 'SME']],
  SCHD_RATE: [['100', '기본'], ['50', '절반']],
  EXTRA_TYPE: [['KRW', '원'], ['PCT', '%']],
};

type Reply = (body: Record<string, unknown>) => Response;

function stubServer(replies: Record<string, Reply> = {}) {
  const calls: { url: string; body: Record<string, unknown> }[] = [];
  const ok = (data: unknown) => answer({ code: 0, message: '', data });
  const defaults: Record<string, Reply> = {
    '/api/system/code/jsonCodeKey.do': (body) => ok({ list: (CODES[String(body.cdKey)] ?? [['0', '-']]).map(([cdCode, cdName]) => ({ cdCode, cdName })) }),
    '/api/campaign/temp/jsonDetail.do': () => ok(draft),
    '/api/product/package/jsonList.do': () => ok({ list: [{ pkgId: 'P000000003', pkgNm: '기본 패키지', priceGrossYn: 'N' }], totalCount: 1 }),
    '/api/product/package/jsonDetail.do': () =>
      ok({ pkgId: 'P000000003', products: [{ prdId: 'PRD0001', prdNm: '15초 광고', qty: 1, unitPrice: 300000, slotType: 1, playtime: 15, platform: 1 }] }),
    '/api/campaign/regist/jsonAvailability.do': () =>
      ok({ list: [{ mgId: 11, date: '2099-03-01', capacity: 10, used: 0, free: 10 }, { mgId: 11, date: '2099-03-02', capacity: 10, used: 9, free: 1 }] }),
    '/api/campaign/regist/jsonQuote.do': () => ok(quote),
    '/api/campaign/regist/jsonSave.do': (body) => ok({ cmpgId: body.cmpgId ?? 77 }),
    '/api/account/advertiser/jsonList.do': () => ok({ list: [{ cId: 7, cName: '봄꽃상회', cBizNo: '2208162517' }], totalCount: 1 }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      calls.push({ url, body });
      const reply = replies[url] ?? defaults[url];
      return reply ? reply(body) : ok(null);
    }),
  );
  return (url: string) => calls.filter((call) => call.url === url).map((call) => call.body);
}

const MANAGER = { uIdx: 1, uId: 'admin', uName: '관리자', roleCd: 10001, cId: 1, cName: '본사', platform: 'ALL', programCodeList: ['campaign.regist:write', 'account.advertiser:list'] };

/** An advertiser as the demo's: what its role holds to write campaigns, and no advertiser list. */
const ADVERTISER = {
  uIdx: 31,
  uId: 'demo-advertiser',
  uName: '김광고',
  roleCd: 10006,
  cId: 7,
  cName: '봄꽃상회',
  platform: 'ALL',
  programCodeList: ['campaign.regist:list', 'campaign.regist:write', 'campaign.material:list', 'campaign.material:view', 'media.mediagroup:list', 'product.package:list', 'product.product:list'],
};

function renderWrite(element: React.ReactElement, path: string, entry: string, user: object = MANAGER) {
  startSession({ initPwdYn: 'N', ...user } as unknown as SessionUser);
  const router = renderRoutes([
      { path, element },
      { path: '/campaign/request/view', element: <p>승인요청 상세</p> },
    ], entry);
  return router;
}

const quoteLine = (key: string) => document.querySelector(`[data-quote-line="${key}"]`)?.textContent;

describe('the campaign editor', () => {
  beforeEach(() => {
    queryClient.clear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('prices a draft live: the quote of its fields, the sold-out days in red, each group\'s days coloured', { timeout: 30_000 }, async () => {
    const sent = stubServer();
    renderWrite(<TempCampaignScreen />, '/campaign/temp/write', '/campaign/temp/write?cmpgId=12');
    await waitFor(() => expect(quoteLine('total')).toBe('63,800원'), { timeout: 5_000 });
    expect(sent('/api/campaign/regist/jsonQuote.do').at(-1)).toEqual(sentBody);
    expect(quoteLine('extra')).toBe('-50,000원');
    const conflicts = document.querySelector('.quote-panel .conflicts-table') as HTMLElement;
    expect(within(conflicts).getByText('101동 그룹')).toBeTruthy();
    expect(within(conflicts).getByText('9 / 10')).toBeTruthy();
    expect(await screen.findByRole('img', { name: '101동 그룹 가용 현황: 여유 1일, 일부 판매 0일, 판매 불가 1일' })).toBeTruthy();
    expect(sent('/api/campaign/regist/jsonAvailability.do').at(-1)).toEqual({ mgIds: [11], fromDate: '2099-03-01', toDate: '2099-03-02', cmpgId: 12 });
  });

  it('asks again with the new inputs once they settle', { timeout: 30_000 }, async () => {
    const sent = stubServer();
    renderWrite(<TempCampaignScreen />, '/campaign/temp/write', '/campaign/temp/write?cmpgId=12');
    await waitFor(() => expect(quoteLine('total')).toBe('63,800원'), { timeout: 5_000 });
    const slots = screen.getByRole('spinbutton', { name: '구좌 수' });
    await userEvent.clear(slots);
    await userEvent.type(slots, '3');
    await waitFor(() => expect(sent('/api/campaign/regist/jsonQuote.do').at(-1)).toEqual({ ...sentBody, slotCnt: 3 }), { timeout: 5_000 });
  });

  it('requests approval after saving, then opens the request', { timeout: 30_000 }, async () => {
    const sent = stubServer();
    const router = renderWrite(<TempCampaignScreen />, '/campaign/temp/write', '/campaign/temp/write?cmpgId=12');
    await userEvent.click(await screen.findByRole('button', { name: '승인요청' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/campaign/request/view?cmpgId=12'));
    expect(sent('/api/campaign/regist/jsonSave.do')).toEqual([sentBody]);
    expect(sent('/api/campaign/regist/jsonRequest.do')).toEqual([{ cmpgId: 12 }]);
  });

  it('shows the server\'s field errors on the fields and requests nothing', { timeout: 30_000 }, async () => {
    const sent = stubServer({
      '/api/campaign/regist/jsonSave.do': () =>
        answer({ code: 10400, message: '입력값을 확인해 주세요.', data: { fieldErrors: { startDate: '시작일은 내일 이후여야 합니다.', 'targets[0].mgId': '운영 중인 그룹이 아닙니다.' } } }, 400),
    });
    renderWrite(<TempCampaignScreen />, '/campaign/temp/write', '/campaign/temp/write?cmpgId=12');
    await userEvent.click(await screen.findByRole('button', { name: '승인요청' }));
    expect(await screen.findByText('시작일은 내일 이후여야 합니다.')).toBeTruthy();
    expect(screen.getByText('운영 중인 그룹이 아닙니다.')).toBeTruthy();
    expect(sent('/api/campaign/regist/jsonRequest.do')).toEqual([]);
  });

  it('offers no coupon when the advertiser has none to use', { timeout: 30_000 }, async () => {
    const sent = stubServer();
    renderWrite(<TempCampaignScreen />, '/campaign/temp/write', '/campaign/temp/write?cmpgId=12');
    await waitFor(() => expect(quoteLine('total')).toBe('63,800원'), { timeout: 5_000 });
    expect(sent('/api/promotion/biz/jsonUsable.do')).toEqual([{ advertiserCId: 7 }]);
    expect(screen.queryByRole('combobox', { name: '쿠폰' })).toBeNull();
  });

  it('prices the campaign with a coupon of the small merchant and sends it with the save and the request', { timeout: 30_000 }, async () => {
    const coupon = { cpIdx: 3, cpNm: '소상공인 응원', discountType: 'KRW', discountValue: 10000, fromDate: '2099-01-01', toDate: '2099-12-31', left: 5 };
    const sent = stubServer({
      '/api/promotion/biz/jsonUsable.do': () => answer({ code: 0, message: '', data: { list: [coupon] } }),
      '/api/campaign/regist/jsonQuote.do': (body) =>
        answer({ code: 0, message: '', data: body.cpIdx === 3 ? { ...quote, coupon: 10000, supply: 48000, vat: 4800, total: 52800 } : quote }),
    });
    const router = renderWrite(<TempCampaignScreen />, '/campaign/temp/write', '/campaign/temp/write?cmpgId=12');
    await waitFor(() => expect(quoteLine('total')).toBe('63,800원'), { timeout: 5_000 });

    await userEvent.click(await screen.findByRole('combobox', { name: '쿠폰' }));
    const option = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
      if (!found) throw new Error('no coupon offered');
      return found;
    });
    expect(option.textContent).toBe('소상공인 응원 (10,000원 할인, ~2099-12-31, 5회 남음)');
    await userEvent.click(option);
    await waitFor(() => expect(quoteLine('total')).toBe('52,800원'), { timeout: 5_000 });
    expect(sent('/api/campaign/regist/jsonQuote.do').at(-1)).toEqual({ ...sentBody, cpIdx: 3 });
    expect(quoteLine('coupon')).toBe('-10,000원');

    await userEvent.click(screen.getByRole('button', { name: '승인요청' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign/request/view'));
    expect(sent('/api/campaign/regist/jsonSave.do')).toEqual([{ ...sentBody, cpIdx: 3 }]);
    expect(sent('/api/campaign/regist/jsonRequest.do')).toEqual([{ cmpgId: 12, cpIdx: 3 }]);
  });

  it('keeps a new campaign on the page after its first save, its id now in the address', { timeout: 30_000 }, async () => {
    const sent = stubServer();
    const router = renderWrite(<NewCampaignScreen />, '/campaign/write/write', '/campaign/write/write');
    await userEvent.click(await screen.findByRole('button', { name: '임시저장' }));
    expect(await screen.findByText('캠페인명을 입력해 주세요.')).toBeTruthy();
    expect(screen.getByText('광고주를 선택해 주세요.')).toBeTruthy();
    expect(sent('/api/campaign/regist/jsonSave.do')).toEqual([]);

    await userEvent.type(screen.getByLabelText('캠페인명'), '여름 세일');
    await userEvent.click(screen.getByRole('button', { name: '광고주 검색' }));
    const popup = (await screen.findByText('광고주 검색', { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;
    await userEvent.click(await within(popup).findByText('봄꽃상회'));
    await userEvent.click(screen.getByRole('button', { name: '임시저장' }));
    await waitFor(() => expect(router.state.location.search).toBe('?cmpgId=77'));
    expect(sent('/api/campaign/regist/jsonSave.do')).toEqual([
      { cmpgTitle: '여름 세일', advertiserCId: 7, platform: 1, pkgId: 'P000000003', prdId: 'PRD0001', slotCnt: 1, schdRate: 100, targets: [], materials: [] },
    ]);
    expect((screen.getByLabelText('캠페인명') as HTMLInputElement).value).toBe('여름 세일');
  });

  it('writes an advertiser\'s campaign for its own corp: the advertiser fixed, its own approved materials offered, and saved', { timeout: 30_000 }, async () => {
    const material = { matId: 41, matName: '봄꽃 포스터', templateType: 2, matPlaytime: 15, matType: 'image', matStatus: 1, thumbUrl: null };
    const sent = stubServer({
      '/api/campaign/material/jsonApprovedList.do': () => answer({ code: 0, message: '', data: { list: [material], totalCount: 1 } }),
      '/api/campaign/regist/jsonRequest.do': () => answer({ code: 0, message: '', data: null }),
    });
    const router = renderWrite(<NewCampaignScreen />, '/campaign/write/write', '/campaign/write/write', ADVERTISER);
    const advertiser = (await screen.findByLabelText('광고주')) as HTMLInputElement;
    expect(advertiser.value).toBe('봄꽃상회');
    expect(advertiser.readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: '광고주 검색' })).toBeNull();
    // It does not choose its sales either: the server keeps it.
    expect(screen.queryByLabelText('영업 담당자')).toBeNull();

    await userEvent.type(screen.getByLabelText('캠페인명'), '봄꽃 할인');
    const add = screen.getByRole('button', { name: /소재 추가/ });
    expect((add as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(add);
    const popup = (await screen.findByText('소재 검색', { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;
    await userEvent.click(await within(popup).findByText('봄꽃 포스터'));
    await userEvent.click(within(popup).getByRole('button', { name: '1건 선택' }));
    expect(sent('/api/campaign/material/jsonApprovedList.do')[0]).toMatchObject({ advertiserCId: 7 });
    expect(await screen.findByText('봄꽃 포스터', { selector: '.materials-table *' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: '임시저장' }));
    await waitFor(() => expect(router.state.location.search).toBe('?cmpgId=77'));
    expect(sent('/api/campaign/regist/jsonSave.do')[0]).toMatchObject({ cmpgTitle: '봄꽃 할인', advertiserCId: 7, materials: [{ matId: 41 }] });
    // Nothing the advertiser may not ask was asked.
    expect(sent('/api/account/advertiser/jsonList.do')).toEqual([]);
    expect(sent('/api/account/user/jsonSalesList.do')).toEqual([]);
  });
});
