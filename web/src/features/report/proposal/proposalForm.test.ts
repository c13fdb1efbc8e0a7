import { describe, expect, it } from 'vitest';
import { fromProposalDetail, missingProposalFields, newProposalValues, proposalQuoteBody, toProposalBody, type ProposalValues } from './proposalForm';

const filled: ProposalValues = {
  title: ' 봄맞이 제안 ',
  advertiserName: '봄꽃상회',
  platform: 1,
  pkgId: 'P000000003',
  prdId: 'PRD0001',
  period: ['2026-04-01', '2026-04-30'],
  slotCnt: 2,
  schdRate: 50,
  targets: [
    { mgId: 11, mgNm: '101동 그룹', mediaCnt: 3 },
    { mgId: 12, mgNm: '102동 그룹', mediaCnt: 2 },
  ],
  extraType: 'PCT',
  extraValue: 0,
  memo: '',
};

/** The booking of `filled` as the server's bodies and details carry it. */
const booked = { pkgId: 'P000000003', prdId: 'PRD0001', slotCnt: 2, schdRate: 50, startDate: '2026-04-01', endDate: '2026-04-30' };

describe('proposal form', () => {
  it('starts a new proposal on the default package with one full slot', () => {
    expect(newProposalValues('SME')).toEqual({ platform: 2, pkgId: 'P000000003', slotCnt: 1, schdRate: 100, extraType: 'KRW', targets: [] });
  });

  it('saves the groups as their ids and the period as two days, trimmed, without an empty extra or memo', () => {
    expect(toProposalBody(filled, null)).toEqual({ title: '봄맞이 제안', advertiserName: '봄꽃상회', ...booked, mgIds: [11, 12] });
    expect(toProposalBody({ ...filled, extraValue: -5, memo: '메모' }, 7)).toMatchObject({ rtIdx: 7, extraType: 'PCT', extraValue: -5, memo: '메모' });
  });

  it('asks the campaign quote with the same product, period, slots and groups, once it can be priced', () => {
    expect(proposalQuoteBody(filled)).toMatchObject({ ...booked, targets: [{ mgId: 11 }, { mgId: 12 }] });
    expect(proposalQuoteBody({ ...filled, targets: [] })).toBeNull();
    expect(proposalQuoteBody({ ...filled, period: null })).toBeNull();
  });

  it('reads a stored proposal back into the editor', () => {
    const values = fromProposalDetail({
      rtIdx: 7,
      title: '봄맞이 제안',
      advertiserName: '봄꽃상회',
      ...booked,
      targets: [{ mgId: '11', mgNm: '101동 그룹', poiNm: '래미안', mediaCnt: 3 }],
      extraType: 'PCT',
      extraValue: 5,
      memo: '메모',
    });
    expect(values).toMatchObject({ period: ['2026-04-01', '2026-04-30'], slotCnt: 2, schdRate: 50, extraType: 'PCT', extraValue: 5 });
    expect(values.targets).toEqual([{ mgId: 11, mgNm: '101동 그룹', poiNm: '래미안', mediaCnt: 3 }]);
  });

  it('names every missing field before saving', () => {
    expect(missingProposalFields(filled)).toEqual({});
    expect(Object.keys(missingProposalFields({ title: ' ', slotCnt: 11, period: ['2026-04-30', '2026-04-01'] })).sort()).toEqual(
      ['advertiserName', 'period', 'pkgId', 'prdId', 'slotCnt', 'targets', 'title'],
    );
    expect(missingProposalFields({ ...filled, slotCnt: 1.5 }).slotCnt).toBe('구좌 수는 1~10 사이여야 합니다.');
  });
});
