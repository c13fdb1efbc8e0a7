import { describe, expect, it } from 'vitest';
import { changeSummary } from './changeSummary';

describe('change request summary', () => {
  it.each([
    [{ writeType: 1, targets: [{ mgId: 1 }, { mgId: 2 }], priceDiff: 120000 }, '대상 매체 그룹 2개로 변경 · 금액 차이 +120,000원'],
    [{ writeType: 1, targets: [{ mgId: 1 }], priceDiff: -30000 }, '대상 매체 그룹 1개로 변경 · 금액 차이 -30,000원'],
    [{ writeType: 2, materials: [{ matId: 5 }] }, '소재 1개로 변경'],
    [{ writeType: 3, endDate: '2026-05-31', refund: 1500000 }, '종료일을 2026-05-31(으)로 앞당김 · 환불 1,500,000원'],
  ])('says what %j changes', (change, text) => {
    expect(changeSummary(change)).toBe(text);
  });
});
