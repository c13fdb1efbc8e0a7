import { signedWon, won } from '../../../components/booking/quoteLines';
import type { Row } from '../../../components/resource/definition';
import { WriteType } from '../writeType';

/** Change request statuses: pending, approved, rejected. */
export const CHANGE_STATUS_LABELS: Record<number, string> = { 0: '대기', 1: '승인', 2: '반려' };
export const CHANGE_STATUS_COLORS: Record<number, string> = { 0: 'blue', 1: 'green', 2: 'red' };

const count = (value: unknown) => (Array.isArray(value) ? value.length : 0);

/** What a change request changes, in a few words, with the money it moves when known. */
export function changeSummary(change: Row): string {
  const parts: string[] = [];
  switch (Number(change.writeType)) {
    case WriteType.targets:
      parts.push(`대상 매체 그룹 ${count(change.targets)}개로 변경`);
      break;
    case WriteType.materials:
      parts.push(`소재 ${count(change.materials)}개로 변경`);
      break;
    case WriteType.midTermination:
      parts.push(`종료일을 ${String(change.endDate ?? '')}(으)로 앞당김`);
      break;
  }
  if (typeof change.priceDiff === 'number') parts.push(`금액 차이 ${signedWon(change.priceDiff)}`);
  if (typeof change.refund === 'number') parts.push(`환불 ${won(change.refund)}`);
  return parts.join(' · ');
}
