import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import type { PopupDefinition } from '../../components/popup/definition';
import { PopupField } from '../../components/popup/PopupField';
import { mediaCorpPopup } from '../../components/searchPopups/corpPopups';
import { mediaGroupPopup } from '../../components/searchPopups/mediaGroupPopup';
import { poiPopup } from '../../components/searchPopups/poiPopup';
import { siteManagerPopup } from '../../components/searchPopups/userPopups';
import { queryClient } from '../../lib/queryClient';
import { answer } from '../../test/doubles';
import { signIn } from '../../test/screens';
import { devicePopup } from './device/popup';
import { mediaInfoPopup, mediaPopup } from './media/popup';
import { playerPopup } from './player/popup';
import { kaptPopup } from './poi/kaptPopup';

/** Each popup, the list it searches, what it always asks, and a row of that list with what picking it stores. */
const CASES: [string, PopupDefinition, string, object, Record<string, unknown>, unknown, string][] = [
  ['sites', poiPopup, '/api/media/poi/jsonList.do', {}, { poiId: 9, poiNm: '래미안 타워', roadAddr: '테헤란로 1' }, 9, '래미안 타워'],
  ['screens', mediaPopup, '/api/media/media/jsonList.do', {}, { mediaId: 21, mediaNm: '101동 로비', poiNm: '래미안 타워' }, 21, '101동 로비'],
  ['media infos', mediaInfoPopup, '/api/media/media/jsonList.do', {}, { mediaId: 21, mediaNm: '101동 로비', addrPrev: '테헤란로 1' }, '101동 로비', '101동 로비'],
  ['devices', devicePopup, '/api/media/device/jsonList.do', {}, { dvcIdx: 5, dvcNm: '로비 55인치', dvcSnNum: 'SN-1' }, 5, '로비 55인치'],
  ['media groups', mediaGroupPopup, '/api/media/mediagroup/jsonList.do', {}, { mgId: 4, mgNm: '101동 그룹', poiNm: '래미안 타워' }, 4, '101동 그룹'],
  ['players', playerPopup, '/api/media/player/jsonList.do', {}, { plyIdx: 3, plyVersion: '2.4.1', osType: 'AND' }, 3, '2.4.1'],
  ['apartment codes', kaptPopup, '/api/data/kapt/jsonList.do', {}, { kaptCode: 'A13001002', kaptName: '도곡렉슬', as1: '서울특별시' }, 'A13001002', '도곡렉슬'],
  ['media corps', mediaCorpPopup, '/api/account/corp/jsonList.do', { roleCd: 10004 }, { cId: 7, cName: '한빛매체', roleCd: 10004 }, 7, '한빛매체'],
  ['site managers', siteManagerPopup, '/api/account/user/jsonList.do', { roleCd: 10008 }, { uIdx: 31, uId: 'mgr1', uName: '한관리' }, 31, '한관리'],
];

function stubServer(url: string, row: Record<string, unknown>) {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (asked: string, init: RequestInit) => {
      if (asked.endsWith('/jsonCodeKey.do')) return answer({ code: 0, message: '', data: { list: [] } });
      if (asked !== url) return answer({ code: 10404, message: '없음', data: null }, 404);
      bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return answer({ code: 0, message: '', data: { list: [row], totalCount: 1, page: 1, pageSize: 10 } });
    }),
  );
  return bodies;
}

describe('media search popups', () => {
  beforeEach(() => queryClient.clear());

  it.each(CASES)('%s: searches its list with its own conditions and stores the picked row\'s value', async (_name, popup, url, conditions, row, stored, label) => {
    signIn(popup.permission === null ? [] : [popup.permission]);
    const bodies = stubServer(url, row);
    const submitted: unknown[] = [];
    render(
      <Providers>
        <Form onFinish={(values) => submitted.push(values.picked)}>
          <Form.Item name="picked" label="선택">
            <PopupField popup={popup} />
          </Form.Item>
          <Button htmlType="submit">보내기</Button>
        </Form>
      </Providers>,
    );
    await userEvent.click(screen.getByRole('button', { name: `${popup.title} 검색` }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(await within(dialog).findByText(label));
    expect(bodies[0]).toEqual({ ...conditions, page: 1, pageSize: 10 });
    expect((screen.getByLabelText('선택') as HTMLInputElement).value).toBe(label);
    await userEvent.click(screen.getByRole('button', { name: '보내기' }));
    await waitFor(() => expect(submitted).toEqual([stored]));
  });
});
