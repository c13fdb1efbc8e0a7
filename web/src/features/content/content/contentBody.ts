import type { Row } from '../../../components/resource/definition';
import { dateDiffDays } from '../../../lib/dates';
import { materialKindOf } from './contentCodes';

/** What the content form holds. */
export interface ContentValues {
  ctIdx?: number;
  ctNm?: string;
  contentType?: number;
  matId?: number | null;
  /** The kind of the material picked or stored ("image" or "video"), to check it fits the content type. */
  matType?: string | null;
  matName?: string | null;
  text?: string;
  seconds?: number | null;
  period?: [string, string] | null;
  /** 1 on, 0 off. */
  ctStatus?: number;
  templateTypes?: number[];
}

type Built = { body: Row; problem?: undefined } | { problem: { field: keyof ContentValues; message: string }; body?: undefined };

/**
 * The save request of the form's values: the material of an image or video content, the text of a
 * text one (never both); the period and templates only when given (none = every template).
 */
export function contentBody(values: ContentValues): Built {
  const kind = materialKindOf(values.contentType);
  if (kind !== null) {
    if (!values.matId) return { problem: { field: 'matId', message: '소재를 선택해 주세요.' } };
    if (values.matType && values.matType !== kind) {
      return { problem: { field: 'matId', message: kind === 'image' ? '이미지 소재를 선택해 주세요.' : '동영상 소재를 선택해 주세요.' } };
    }
  } else if (!values.text?.trim()) {
    return { problem: { field: 'text', message: '문구를 입력해 주세요.' } };
  }
  if (values.period && dateDiffDays(values.period[0], values.period[1]) < 0) {
    return { problem: { field: 'period', message: '종료일은 시작일 이후여야 합니다.' } };
  }
  const templateTypes = (values.templateTypes ?? []).map(Number);
  return {
    body: {
      ...(values.ctIdx ? { ctIdx: values.ctIdx } : {}),
      ctNm: (values.ctNm ?? '').trim(),
      contentType: Number(values.contentType),
      ...(kind !== null ? { matId: Number(values.matId) } : { text: (values.text ?? '').trim() }),
      seconds: Number(values.seconds),
      ...(values.period ? { fromDate: values.period[0], toDate: values.period[1] } : {}),
      ctStatus: Number(values.ctStatus ?? 1),
      ...(templateTypes.length > 0 ? { templateTypes } : {}),
    },
  };
}

/** The form's values of a stored content (or a new one's). */
export function toContentValues(row: Row | null): ContentValues {
  if (!row) return { contentType: 10, seconds: 15, ctStatus: 1, templateTypes: [], period: null };
  return {
    ctIdx: Number(row.ctIdx),
    ctNm: String(row.ctNm ?? ''),
    contentType: Number(row.contentType),
    matId: row.matId === null || row.matId === undefined ? null : Number(row.matId),
    matType: (row.matType as string | null | undefined) ?? null,
    matName: (row.matName as string | null | undefined) ?? null,
    text: String(row.text ?? ''),
    seconds: Number(row.seconds),
    period: row.fromDate && row.toDate ? [String(row.fromDate), String(row.toDate)] : null,
    ctStatus: Number(row.ctStatus ?? 1),
    templateTypes: Array.isArray(row.templateTypes) ? (row.templateTypes as unknown[]).map(Number) : [],
  };
}
