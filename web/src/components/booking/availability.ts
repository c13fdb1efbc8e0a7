import dayjs from 'dayjs';
import { dateDiffDays, parseDate } from '../../lib/dates';

/** One group's slots on one day, as `jsonAvailability.do` answers them (halves count 0.5). */
export interface AvailabilityDay {
  mgId: number;
  date: string;
  capacity: number;
  used: number;
  free: number;
}

/** free: nothing sold; partly: some sold, the campaign still fits; sold: the campaign does not fit. */
export type DayLevel = 'free' | 'partly' | 'sold';

/** The server answers at most this many days at once. */
export const MAX_AVAILABILITY_DAYS = 366;

/** The slots a campaign holds on a group each day: its slot count, halved at the half rate. */
export function slotsNeeded(slotCnt: number | null | undefined, schdRate: number | null | undefined): number {
  const slots = slotCnt && slotCnt > 0 ? slotCnt : 1;
  return (slots * (schdRate === 50 ? 50 : 100)) / 100;
}

export function dayLevel(day: AvailabilityDay, needed: number): DayLevel {
  if (day.free < needed) return 'sold';
  return day.used > 0 ? 'partly' : 'free';
}

/** Each group's days in date order. */
export function availabilityByGroup(days: AvailabilityDay[]): Map<number, AvailabilityDay[]> {
  const groups = new Map<number, AvailabilityDay[]>();
  for (const day of days) {
    const mgId = Number(day.mgId);
    groups.set(mgId, [...(groups.get(mgId) ?? []), day]);
  }
  for (const list of groups.values()) list.sort((a, b) => a.date.localeCompare(b.date));
  return groups;
}

export function levelCounts(days: AvailabilityDay[], needed: number): Record<DayLevel, number> {
  const counts: Record<DayLevel, number> = { free: 0, partly: 0, sold: 0 };
  for (const day of days) counts[dayLevel(day, needed)] += 1;
  return counts;
}

const LEVEL_WORDS: Record<DayLevel, string> = { free: '여유', partly: '일부 판매', sold: '판매 불가' };

/** The tooltip of a day: its slots and whether the campaign fits. */
export function dayTitle(day: AvailabilityDay, needed: number): string {
  const amount = (value: number) => value.toLocaleString('ko-KR');
  return `${day.date} ${LEVEL_WORDS[dayLevel(day, needed)]}: ${amount(day.used)}/${amount(day.capacity)} 구좌 판매, ${amount(day.free)} 남음`;
}

/** The days asked for a period: all of it, or its first 366 days; null while the period is not two days in order. */
export function availabilityRange(period: [string, string] | null | undefined): { fromDate: string; toDate: string; clipped: boolean } | null {
  if (!period || parseDate(period[0]) === null || parseDate(period[1]) === null) return null;
  const days = dateDiffDays(period[0], period[1]) + 1;
  if (days < 1) return null;
  if (days <= MAX_AVAILABILITY_DAYS) return { fromDate: period[0], toDate: period[1], clipped: false };
  return { fromDate: period[0], toDate: dayjs(period[0]).add(MAX_AVAILABILITY_DAYS - 1, 'day').format('YYYY-MM-DD'), clipped: true };
}
