import { describe, expect, it } from 'vitest';
import { storedSites, targetBody, toUrgentValues, urgentMsgBody, type UrgentValues } from './urgentBody';

const SEOUL = '1100000000';
const GANGNAM = '1168000000';
const YEOKSAM = '1168010100';
const BUSAN = '2600000000';

describe('targetBody', () => {
  it('sends nothing more than the kind for every screen, whatever was picked before', () => {
    expect(targetBody('all', [SEOUL], [{ poiId: 3 }])).toEqual({ body: { targetType: 'all' } });
  });

  it('keeps sido targets at the sido level, once each', () => {
    expect(targetBody('sido', [SEOUL, GANGNAM, BUSAN])).toEqual({ body: { targetType: 'sido', rgnCds: [SEOUL, BUSAN] } });
  });

  it('keeps sigungu targets at the sigungu level and refuses a bare sido', () => {
    expect(targetBody('sigungu', [YEOKSAM, GANGNAM])).toEqual({ body: { targetType: 'sigungu', rgnCds: [GANGNAM] } });
    expect(targetBody('sigungu', [GANGNAM, SEOUL]).problem).toEqual({ field: 'rgnCds', message: '시군구까지 선택한 지역만 추가할 수 있습니다.' });
  });

  it('sends the ids of the listed sites, never their regions', () => {
    expect(targetBody('poi', [SEOUL], [{ poiId: 3, poiNm: '래미안' }, { poiId: 9 }, { poiId: 3 }])).toEqual({ body: { targetType: 'poi', poiIds: [3, 9] } });
  });

  it.each([
    ['sido', 'rgnCds', '시도를 추가해 주세요.'],
    ['sigungu', 'rgnCds', '시군구를 추가해 주세요.'],
    ['poi', 'sites', '사이트를 추가해 주세요.'],
  ] as const)('asks for %s targets when none were added', (targetType, field, message) => {
    expect(targetBody(targetType, [], []).problem).toEqual({ field, message });
  });
});

describe('urgentMsgBody', () => {
  const values: UrgentValues = {
    text: '  호우 경보 발령  ',
    imageUrl: ' ',
    startAt: '2026-07-01 09:00:00',
    endAt: '2026-07-01 18:00:00',
    targetType: 'sido',
    rgnCds: [GANGNAM],
    sites: [],
  };

  it('sends the trimmed text, the times and the targets, without an empty image', () => {
    expect(urgentMsgBody(values)).toEqual({
      body: { text: '호우 경보 발령', startAt: '2026-07-01 09:00:00', endAt: '2026-07-01 18:00:00', targetType: 'sido', rgnCds: [SEOUL] },
    });
  });

  it('names the message it modifies and its image', () => {
    expect(urgentMsgBody({ ...values, umIdx: 4, imageUrl: 'https://example.com/alert.png' }).body).toMatchObject({ umIdx: 4, imageUrl: 'https://example.com/alert.png' });
  });

  it('refuses an end that is not after the start', () => {
    expect(urgentMsgBody({ ...values, endAt: values.startAt }).problem).toEqual({ field: 'endAt', message: '종료 일시는 시작 일시 이후여야 합니다.' });
  });
});

describe('stored targets', () => {
  it('reads the sites of a detail however it names them', () => {
    expect(storedSites({ pois: [{ poiId: 3, poiNm: '래미안' }] })).toEqual([{ poiId: 3, poiNm: '래미안' }]);
    expect(storedSites({ poiIds: [3, 9], poiNms: ['래미안', '자이'] })).toEqual([
      { poiId: 3, poiNm: '래미안' },
      { poiId: 9, poiNm: '자이' },
    ]);
    expect(storedSites({ poiIds: [{ poiId: 3, poiNm: '래미안' }] })).toEqual([{ poiId: 3, poiNm: '래미안' }]);
  });

  it('starts a stored message from its values, its times as the server takes them', () => {
    const row = { umIdx: 4, text: '대피', startAt: '2026-07-01T09:00:00', endAt: '2026-07-01 18:00:00', targetType: 'poi', poiIds: [3], poiNms: ['래미안'] };
    expect(toUrgentValues(row)).toMatchObject({ umIdx: 4, startAt: '2026-07-01 09:00:00', endAt: '2026-07-01 18:00:00', targetType: 'poi', sites: [{ poiId: 3, poiNm: '래미안' }] });
    expect(toUrgentValues(null)).toEqual({ targetType: 'all', rgnCds: [], sites: [] });
  });
});
