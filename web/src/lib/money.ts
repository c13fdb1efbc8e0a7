/** Integer KRW as it reads: thousands separators and "원" (-0 and missing values read as 0). */
export function formatWon(value: unknown): string {
  const number = Number(value ?? 0);
  return `${((Number.isFinite(number) ? number : 0) || 0).toLocaleString('ko-KR')}원`;
}

/** A rate in percent with its two decimals: 12.5 reads "12.50 %"; nothing for a missing rate. */
export function formatRate(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const number = Number(value);
  return Number.isFinite(number) ? `${number.toFixed(2)} %` : '';
}
