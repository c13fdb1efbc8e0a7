import { describe, expect, it } from 'vitest';
import { DEFAULT_PACKAGE_ID } from '../../../components/booking/booking';
import { fromDetail, missingFields, newCampaignValues, quoteBody, toCampaignBody, type CampaignValues } from './campaignForm';

const filled: CampaignValues = {
  cmpgTitle: '  봄맞이 세일 ',
  advertiserCId: 7,
  salesUIdx: 12,
  agentCId: 3,
  platform: 1,
  pkgId: 'P000000003',
  prdId: 'PRD0001',
  period: ['2026-01-01', '2026-06-30'],
  slotCnt: 2,
  schdRate: 100,
  targets: [
    { mgId: 11, mgNm: '101동', mediaCnt: 3 },
    { mgId: 12, mgNm: '102동', mediaCnt: 2 },
  ],
  materials: [{ matId: 40, matName: '봄 영상', thumbUrl: '/api/material/image.do?matId=40' }],
  extraType: 'KRW',
  extraValue: -50000,
  memo: '',
};

describe('the campaign body', () => {
  it('carries the campaign fields of the contract, ids only for targets and materials', () => {
    expect(toCampaignBody(filled, 5)).toEqual({
      cmpgId: 5,
      cmpgTitle: '봄맞이 세일',
      advertiserCId: 7,
      agentCId: 3,
      salesUIdx: 12,
      platform: 1,
      pkgId: 'P000000003',
      prdId: 'PRD0001',
      startDate: '2026-01-01',
      endDate: '2026-06-30',
      slotCnt: 2,
      schdRate: 100,
      targets: [{ mgId: 11 }, { mgId: 12 }],
      materials: [{ matId: 40 }],
      extraType: 'KRW',
      extraValue: -50000,
    });
  });

  it('leaves empty values out, and the extra type without an extra value', () => {
    const body = toCampaignBody({ ...newCampaignValues(), cmpgTitle: '제목만', extraValue: 0 });
    expect(body).toEqual({ cmpgTitle: '제목만', platform: 1, pkgId: DEFAULT_PACKAGE_ID, slotCnt: 1, schdRate: 100, targets: [], materials: [] });
    expect(toCampaignBody({ ...filled, extraValue: null })).not.toHaveProperty('extraType');
  });

  it('starts a writer of the SME platform on SME, everyone else on PRO', () => {
    expect(newCampaignValues('SME').platform).toBe(2);
    expect(newCampaignValues('ALL').platform).toBe(1);
    expect(newCampaignValues(undefined).platform).toBe(1);
  });

  it('reads a stored campaign back into the same body', () => {
    const detail = {
      ...toCampaignBody(filled, 5),
      advertiserCName: '광고주',
      targets: [{ mgId: 11, mgNm: '101동', poiNm: '래미안', mediaCnt: 3, templateType: 2 }, { mgId: 12, mgNm: '102동' }],
      materials: [{ matId: 40, matName: '봄 영상', matType: 'video' }],
      cmpgStatus: 24,
      actions: ['save', 'request'],
    };
    const values = fromDetail(detail);
    expect(values.period).toEqual(['2026-01-01', '2026-06-30']);
    expect(values.targets?.[0]).toEqual({ mgId: 11, mgNm: '101동', poiNm: '래미안', mediaCnt: 3, templateType: 2 });
    expect(toCampaignBody(values, 5)).toEqual(toCampaignBody(filled, 5));
  });
});

describe('the live quote', () => {
  it('is asked once a product, a period in order, a slot count and a group are there', () => {
    expect(quoteBody(filled)).toEqual(toCampaignBody(filled));
    expect(quoteBody({ ...filled, prdId: null })).toBeNull();
    expect(quoteBody({ ...filled, period: null })).toBeNull();
    expect(quoteBody({ ...filled, period: ['2026-06-30', '2026-01-01'] })).toBeNull();
    expect(quoteBody({ ...filled, period: ['2026-02-30', '2026-03-01'] })).toBeNull();
    expect(quoteBody({ ...filled, slotCnt: null })).toBeNull();
    expect(quoteBody({ ...filled, targets: [] })).toBeNull();
  });

  it('needs neither a title nor materials', () => {
    expect(quoteBody({ ...filled, cmpgTitle: '', materials: [] })).not.toBeNull();
  });
});

describe('what must be filled', () => {
  it('a draft needs only its title and advertiser', () => {
    expect(missingFields({ ...newCampaignValues() }, 'save')).toEqual({
      cmpgTitle: '캠페인명을 입력해 주세요.',
      advertiserCId: '광고주를 선택해 주세요.',
    });
    expect(missingFields(filled, 'save')).toEqual({});
  });

  it('a request needs everything a campaign plays with', () => {
    expect(missingFields(filled, 'request')).toEqual({});
    expect(Object.keys(missingFields({ ...newCampaignValues(), cmpgTitle: 'x', advertiserCId: 1 }, 'request'))).toEqual([
      'prdId',
      'period',
      'targets',
      'materials',
    ]);
    expect(missingFields({ ...filled, slotCnt: 11 }, 'request')).toEqual({ slotCnt: '구좌 수는 1~10 사이여야 합니다.' });
    expect(missingFields({ ...filled, slotCnt: 0 }, 'request')).toHaveProperty('slotCnt');
  });
});
