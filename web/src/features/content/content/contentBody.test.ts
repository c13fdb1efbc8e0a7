import { describe, expect, it } from 'vitest';
import { contentBody, toContentValues } from './contentBody';

describe('contentBody', () => {
  it('sends the material of an image content, never a text', () => {
    expect(
      contentBody({ ctNm: ' 분리수거 안내 ', contentType: 10, matId: 7, matType: 'image', text: '남은 문구', seconds: 15, ctStatus: 1, templateTypes: [], period: null }),
    ).toEqual({ body: { ctNm: '분리수거 안내', contentType: 10, matId: 7, seconds: 15, ctStatus: 1 } });
  });

  it('sends the text of a text content, never a material, with its period and templates', () => {
    expect(
      contentBody({ ctIdx: 3, ctNm: '관리비', contentType: 30, matId: 7, text: ' 관리비 납부일은 25일입니다. ', seconds: 10, ctStatus: 0, templateTypes: [2, 4], period: ['2026-03-01', '2026-03-31'] }),
    ).toEqual({
      body: { ctIdx: 3, ctNm: '관리비', contentType: 30, text: '관리비 납부일은 25일입니다.', seconds: 10, fromDate: '2026-03-01', toDate: '2026-03-31', ctStatus: 0, templateTypes: [2, 4] },
    });
  });

  it.each([
    [{ contentType: 20, matId: null }, 'matId', '소재를 선택해 주세요.'],
    [{ contentType: 20, matId: 7, matType: 'image' }, 'matId', '동영상 소재를 선택해 주세요.'],
    [{ contentType: 10, matId: 7, matType: 'video' }, 'matId', '이미지 소재를 선택해 주세요.'],
    [{ contentType: 30, text: '   ' }, 'text', '문구를 입력해 주세요.'],
  ])('refuses %o', (values, field, message) => {
    expect(contentBody({ ctNm: '안내', seconds: 15, ...values }).problem).toEqual({ field, message });
  });

  it('starts a stored content from its values, a new one playing 15 seconds on every template', () => {
    expect(toContentValues({ ctIdx: 3, ctNm: '안내', contentType: 20, matId: 7, matType: 'video', matName: '영상', seconds: 20, fromDate: '2026-03-01', toDate: '2026-03-02', ctStatus: 1, templateTypes: [2] })).toMatchObject({
      ctIdx: 3,
      matId: 7,
      matType: 'video',
      period: ['2026-03-01', '2026-03-02'],
      templateTypes: [2],
    });
    expect(toContentValues(null)).toEqual({ contentType: 10, seconds: 15, ctStatus: 1, templateTypes: [], period: null });
  });
});
