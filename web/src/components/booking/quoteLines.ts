/** A price breakdown as the quote call and campaign details answer it (integer KRW, discounts in percent). */
export interface Quote {
  days: number;
  mediaCnt: number;
  unitPrice: number;
  base: number;
  slotDiscount: number;
  periodDiscount: number;
  net: number;
  adjusted: number;
  coupon?: number | null;
  supply: number;
  vat: number;
  total: number;
  audience: number;
}

/** One line of the breakdown as it reads. */
export interface QuoteLine {
  key: string;
  label: string;
  value: string;
  /** The line the buyer pays. */
  strong?: boolean;
}

// `|| 0` reads -0 (no coupon, negated) as 0.
const number = (value: number) => (value || 0).toLocaleString('ko-KR');

export const won = (value: number) => `${number(value)}원`;

/** A difference with its sign: a surcharge "+", a discount "-", nothing "0원". */
export const signedWon = (value: number) => (value > 0 ? `+${won(value)}` : won(value));

const RATE_LABELS: Record<number, string> = { 100: '기본 (100%)', 50: '절반 (50%)' };

/**
 * Every line of a price, in the order the price is computed (domain.md §5): the base of the period,
 * groups and slots, the discounts, the extra discount or surcharge, the coupon, then supply, VAT and
 * the total, and the audience it reaches. The schedule rate shows when known.
 */
export function quoteLines(quote: Quote, schdRate?: number | null): QuoteLine[] {
  const coupon = quote.coupon ?? 0;
  const lines: (QuoteLine | null)[] = [
    { key: 'days', label: '기간', value: `${number(quote.days)}일` },
    { key: 'mediaCnt', label: '매체 수', value: `${number(quote.mediaCnt)}대` },
    { key: 'unitPrice', label: '단가 (구좌·매체·30일)', value: won(quote.unitPrice) },
    { key: 'base', label: '기본 금액', value: won(quote.base) },
    schdRate ? { key: 'schdRate', label: '편성 비율', value: RATE_LABELS[schdRate] ?? `${schdRate}%` } : null,
    { key: 'slotDiscount', label: '구좌 할인', value: `${number(quote.slotDiscount)}%` },
    { key: 'periodDiscount', label: '기간 할인', value: `${number(quote.periodDiscount)}%` },
    { key: 'net', label: '할인 후 금액', value: won(quote.net) },
    { key: 'extra', label: '추가 할인/할증', value: signedWon(quote.adjusted - quote.net) },
    { key: 'adjusted', label: '조정 금액', value: won(quote.adjusted) },
    { key: 'coupon', label: '쿠폰 할인', value: signedWon(-coupon) },
    { key: 'supply', label: '공급가 (10원 미만 절사)', value: won(quote.supply) },
    { key: 'vat', label: '부가세', value: won(quote.vat) },
    { key: 'total', label: '합계', value: won(quote.total), strong: true },
    { key: 'audience', label: '예상 노출 인원', value: `${number(quote.audience)}명` },
  ];
  return lines.filter((line): line is QuoteLine => line !== null);
}

/** Whether a row (a campaign detail) carries a price: details of drafts never quoted may not. */
export function hasQuote(row: Record<string, unknown>): boolean {
  return ['days', 'base', 'net', 'supply', 'total'].every((field) => typeof row[field] === 'number');
}
