import type { Row } from '../../../components/resource/definition';
import { reachesLevel } from '../../../components/region/RegionsField';
import { ancestorAt } from '../../../components/region/regionApi';
import { formatDateTime } from '../../../lib/dates';
import type { TargetType } from './urgentCodes';

/** A site an urgent message targets, with the name it is shown by. */
export interface TargetSite {
  poiId: number;
  poiNm?: string;
}

/** What the urgent message form holds. */
export interface UrgentValues {
  umIdx?: number;
  text?: string;
  imageUrl?: string;
  startAt?: string | null;
  endAt?: string | null;
  targetType: TargetType;
  rgnCds?: string[];
  sites?: TargetSite[];
}

type Built<T> = { body: T; problem?: undefined } | { problem: { field: string; message: string }; body?: undefined };

const unique = <T>(values: T[]) => [...new Set(values)];

/**
 * Who the message reaches, as the server takes it: nothing more for everyone, the sido or sigungu
 * codes (each held at its level, a deeper pick kept as the region holding it), or the sites' ids.
 */
export function targetBody(targetType: TargetType, rgnCds: string[] = [], sites: TargetSite[] = []): Built<Row> {
  switch (targetType) {
    case 'all':
      return { body: { targetType } };
    case 'sido':
    case 'sigungu': {
      const level = targetType === 'sido' ? 1 : 2;
      const name = targetType === 'sido' ? '시도' : '시군구';
      if (rgnCds.length === 0) return { problem: { field: 'rgnCds', message: `${name}를 추가해 주세요.` } };
      if (rgnCds.some((code) => !reachesLevel(code, level))) return { problem: { field: 'rgnCds', message: `${name}까지 선택한 지역만 추가할 수 있습니다.` } };
      return { body: { targetType, rgnCds: unique(rgnCds.map((code) => ancestorAt(code, level))) } };
    }
    case 'poi':
      if (sites.length === 0) return { problem: { field: 'sites', message: '사이트를 추가해 주세요.' } };
      return { body: { targetType, poiIds: unique(sites.map((site) => Number(site.poiId))) } };
  }
}

/** The save request of the form's values, or the first problem to show at its field. */
export function urgentMsgBody(values: UrgentValues): Built<Row> {
  const { umIdx, text = '', imageUrl = '', startAt, endAt } = values;
  if (!startAt || !endAt) return { problem: { field: startAt ? 'endAt' : 'startAt', message: '일시를 선택해 주세요.' } };
  if (endAt <= startAt) return { problem: { field: 'endAt', message: '종료 일시는 시작 일시 이후여야 합니다.' } };
  const target = targetBody(values.targetType, values.rgnCds, values.sites);
  if (target.problem) return target;
  return {
    body: {
      ...(umIdx ? { umIdx } : {}),
      text: text.trim(),
      ...(imageUrl.trim() ? { imageUrl: imageUrl.trim() } : {}),
      startAt,
      endAt,
      ...target.body,
    },
  };
}

/** The sites a stored message targets, however the detail names them (`pois`, or `poiIds` with `poiNms`). */
export function storedSites(row: Row): TargetSite[] {
  if (Array.isArray(row.pois)) return (row.pois as Row[]).map((poi) => ({ poiId: Number(poi.poiId), poiNm: poi.poiNm as string | undefined }));
  const ids = Array.isArray(row.poiIds) ? (row.poiIds as unknown[]) : [];
  const names = Array.isArray(row.poiNms) ? (row.poiNms as unknown[]) : [];
  return ids.map((id, index) =>
    id !== null && typeof id === 'object'
      ? { poiId: Number((id as Row).poiId), poiNm: (id as Row).poiNm as string | undefined }
      : { poiId: Number(id), poiNm: names[index] === undefined ? undefined : String(names[index]) },
  );
}

/** The form's values of a stored message (or a new one's). */
export function toUrgentValues(row: Row | null): UrgentValues {
  if (!row) return { targetType: 'all', rgnCds: [], sites: [] };
  return {
    umIdx: Number(row.umIdx),
    text: String(row.text ?? ''),
    imageUrl: String(row.imageUrl ?? ''),
    startAt: formatDateTime(row.startAt as string | null) || null,
    endAt: formatDateTime(row.endAt as string | null) || null,
    targetType: (row.targetType as TargetType | undefined) ?? 'all',
    rgnCds: Array.isArray(row.rgnCds) ? (row.rgnCds as unknown[]).map(String) : [],
    sites: storedSites(row),
  };
}
