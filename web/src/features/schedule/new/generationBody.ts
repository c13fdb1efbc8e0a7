import { dateDiffDays } from '../../../lib/dates';

/** A generation covers at most this many days. */
export const MAX_GENERATION_DAYS = 31;

export interface GenerationInput {
  /** Every live group, or the ones listed. */
  allGroups: boolean;
  mgIds: number[];
  period: [string, string] | null;
}

/** The request of a generation, or why it cannot be sent. */
export function generationBody({ allGroups, mgIds, period }: GenerationInput): { body: object } | { problem: string } {
  if (!period) return { problem: '기간을 선택해 주세요.' };
  const [fromDate, toDate] = period;
  const days = dateDiffDays(fromDate, toDate) + 1;
  if (days < 1) return { problem: '종료일은 시작일 이후여야 합니다.' };
  if (days > MAX_GENERATION_DAYS) return { problem: `기간은 ${MAX_GENERATION_DAYS}일 이내여야 합니다.` };
  if (!allGroups && mgIds.length === 0) return { problem: '매체 그룹을 선택해 주세요.' };
  return { body: allGroups ? { fromDate, toDate } : { mgIds, fromDate, toDate } };
}
