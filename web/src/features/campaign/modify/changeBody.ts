import dayjs from 'dayjs';
import type { TargetLine } from '../../../components/booking/booking';
import type { Row } from '../../../components/resource/definition';
import { dateDiffDays, parseDate } from '../../../lib/dates';
import type { MaterialLine } from '../write/campaignForm';
import { WriteType, type ChangeWriteType } from '../writeType';

/** A change request as it is written: its type and what it changes. */
export interface ChangeValues {
  writeType: ChangeWriteType;
  targets: TargetLine[];
  materials: MaterialLine[];
  endDate: string | null;
  reason: string;
}

/** The campaign's dates a change is checked against, and today. */
export interface ChangeDates {
  startDate: string;
  endDate: string;
  today: string;
}

const tomorrowOf = (today: string) => dayjs(today).add(1, 'day').format('YYYY-MM-DD');

/** `run/jsonChange.do`: only what the write type changes travels, with the reason when there is one. */
export function toChangeBody(cmpgId: number, values: ChangeValues): Row {
  const body: Row = { cmpgId, writeType: values.writeType };
  if (values.writeType === WriteType.targets) body.targets = values.targets.map(({ mgId }) => ({ mgId }));
  if (values.writeType === WriteType.materials) body.materials = values.materials.map(({ matId }) => ({ matId }));
  if (values.writeType === WriteType.midTermination) body.endDate = values.endDate;
  if (values.reason.trim() !== '') body.reason = values.reason.trim();
  return body;
}

/**
 * What keeps a change from being sent, by field. A change applies from tomorrow, so a new end date
 * is tomorrow at the earliest and before the current end.
 */
export function changeProblems(values: ChangeValues, dates: ChangeDates): Record<string, string> {
  switch (values.writeType) {
    case WriteType.targets:
      return values.targets.length === 0 ? { targets: '매체 그룹을 하나 이상 선택해 주세요.' } : {};
    case WriteType.materials:
      return values.materials.length === 0 ? { materials: '소재를 하나 이상 선택해 주세요.' } : {};
    case WriteType.midTermination: {
      if (parseDate(values.endDate) === null) return { endDate: '새 종료일을 선택해 주세요.' };
      const end = values.endDate as string;
      if (dateDiffDays(tomorrowOf(dates.today), end) < 0) return { endDate: '새 종료일은 내일 이후여야 합니다.' };
      if (dateDiffDays(end, dates.endDate) <= 0) return { endDate: `새 종료일은 현재 종료일(${dates.endDate})보다 빨라야 합니다.` };
      return {};
    }
  }
}

/** The days a target change covers: from tomorrow (or the start, if later) to the end; null when none are left. */
export function remainingPeriod(dates: ChangeDates): [string, string] | null {
  const tomorrow = tomorrowOf(dates.today);
  const from = dateDiffDays(tomorrow, dates.startDate) > 0 ? dates.startDate : tomorrow;
  return dateDiffDays(from, dates.endDate) >= 0 ? [from, dates.endDate] : null;
}
