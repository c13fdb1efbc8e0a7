import { describe, expect, it } from 'vitest';
import { conflictRows } from './conflicts';
import { hasQuote, quoteLines, signedWon, type Quote } from './quoteLines';

// The worked example of domain.md §5: 300,000 a slot, two slots, 3 + 2 screens, 181 days, -50,000 KRW.
const example: Quote = {
  days: 181,
  mediaCnt: 5,
  unitPrice: 300000,
  base: 18100000,
  slotDiscount: 10,
  periodDiscount: 10,
  net: 14661000,
  adjusted: 14611000,
  supply: 14611000,
  vat: 1461100,
  total: 16072100,
  audience: 12345,
};

const shown = (lines: ReturnType<typeof quoteLines>) => lines.map((line) => [line.label, line.value]);

describe('quote lines', () => {
  it('show every step of the price of the worked example', () => {
    expect(shown(quoteLines(example, 100))).toEqual([
      ['기간', '181일'],
      ['매체 수', '5대'],
      ['단가 (구좌·매체·30일)', '300,000원'],
      ['기본 금액', '18,100,000원'],
      ['편성 비율', '기본 (100%)'],
      ['구좌 할인', '10%'],
      ['기간 할인', '10%'],
      ['할인 후 금액', '14,661,000원'],
      ['추가 할인/할증', '-50,000원'],
      ['조정 금액', '14,611,000원'],
      ['쿠폰 할인', '0원'],
      ['공급가 (10원 미만 절사)', '14,611,000원'],
      ['부가세', '1,461,100원'],
      ['합계', '16,072,100원'],
      ['예상 노출 인원', '12,345명'],
    ]);
  });

  it('mark only the total as what is paid', () => {
    expect(quoteLines(example).filter((line) => line.strong).map((line) => line.key)).toEqual(['total']);
  });

  it('show a surcharge with a plus, a coupon as a discount, the half rate, and no rate line when unknown', () => {
    const lines = quoteLines({ ...example, adjusted: example.net + 733050, coupon: 20000 }, 50);
    expect(lines.find((line) => line.key === 'extra')?.value).toBe('+733,050원');
    expect(lines.find((line) => line.key === 'coupon')?.value).toBe('-20,000원');
    expect(lines.find((line) => line.key === 'schdRate')?.value).toBe('절반 (50%)');
    expect(quoteLines(example).some((line) => line.key === 'schdRate')).toBe(false);
    expect(signedWon(0)).toBe('0원');
  });

  it('tell whether a campaign detail carries a price', () => {
    expect(hasQuote({ ...example })).toBe(true);
    expect(hasQuote({ cmpgId: 3, days: 10 })).toBe(false);
  });
});

describe('conflicts', () => {
  it('list sold-out days by date then group, named by the groups the screen knows', () => {
    const rows = conflictRows(
      [
        { mgId: 12, date: '2026-03-02', capacity: 10, used: 10 },
        { mgId: 12, date: '2026-03-01', capacity: 10, used: 9.5 },
        { mgId: 11, date: '2026-03-02', capacity: 10, used: 10 },
      ],
      { 11: '101동', 12: undefined },
    );
    expect(rows.map((row) => [row.date, row.mgNm, row.used])).toEqual([
      ['2026-03-01', '#12', 9.5],
      ['2026-03-02', '101동', 10],
      ['2026-03-02', '#12', 10],
    ]);
    expect(new Set(rows.map((row) => row.key)).size).toBe(3);
  });
});
