/** A business number as stored: the digits without dashes. */
export function bizNoDigits(text: string): string {
  return text.replace(/-/g, '');
}

/** A stored business number as people write it: 123-45-67890 (other values unchanged). */
export function formatBizNo(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /^\d{10}$/.test(text) ? `${text.slice(0, 3)}-${text.slice(3, 5)}-${text.slice(5)}` : text;
}
