import type { FormInstance, FormRule } from 'antd';
import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from './definition';
import { fieldRules, notBefore } from './fieldRules';

/** The problems the rules find with a value, among the form's values. */
async function problems(rules: FormRule[], value: unknown, values: Record<string, unknown> = {}): Promise<string[]> {
  const form = { getFieldsValue: () => values } as unknown as FormInstance;
  const found: string[] = [];
  for (const entry of rules) {
    const rule = typeof entry === 'function' ? entry(form) : entry;
    if (rule.required && (value === undefined || value === null || (Array.isArray(value) && value.length === 0))) {
      found.push(String(rule.message));
    }
    try {
      await rule.validator?.(rule as never, value, () => undefined);
    } catch (error) {
      found.push((error as Error).message);
    }
  }
  return found;
}

const file: FieldDefinition = { field: 'file', label: '소재 파일', kind: 'file', required: 'register' };

describe('fieldRules', () => {
  it('asks for a field required on registering only when registering', async () => {
    expect(await problems(fieldRules(file, 'register'), [])).toEqual(['소재 파일을(를) 선택해 주세요.']);
    expect(await problems(fieldRules(file, 'modify'), [])).toEqual([]);
  });

  it('refuses what a slow check finds, with the form values, and skips empty values', async () => {
    const checked: FieldDefinition = {
      field: 'file',
      label: '소재 파일',
      kind: 'file',
      check: async (value, values) => (value === 'long.mp4' && values.matPlaytime === 15 ? '재생 시간이 15초가 아닙니다.' : null),
    };
    expect(await problems(fieldRules(checked), 'long.mp4', { matPlaytime: 15 })).toEqual(['재생 시간이 15초가 아닙니다.']);
    expect(await problems(fieldRules(checked), 'long.mp4', { matPlaytime: 30 })).toEqual([]);
    expect(await problems(fieldRules(checked), '', { matPlaytime: 15 })).toEqual([]);
  });

  it('refuses more files than a field may hold, stored and picked together', async () => {
    const images: FieldDefinition = { field: 'files', label: '이미지', kind: 'files', files: { downloadType: 'board', accept: '.png', maxBytes: 1024, maxCount: 2 } };
    expect(await problems(fieldRules(images), [{ uid: 'stored-1' }, { uid: 'a' }])).toEqual([]);
    expect(await problems(fieldRules(images), [{ uid: 'stored-1' }, { uid: 'a' }, { uid: 'b' }])).toEqual(['이미지은(는) 2개까지 올릴 수 있습니다.']);
  });

  it('refuses the last day of a period before its first, and leaves a missing day to the required rule', () => {
    const rule = notBefore('fromDate', '종료일은 시작일 이후여야 합니다.');
    expect(rule('2026-06-01', { fromDate: '2026-06-02' })).toBe('종료일은 시작일 이후여야 합니다.');
    expect(rule('2026-06-02', { fromDate: '2026-06-02' })).toBeNull();
    expect(rule('2026-06-02', {})).toBeNull();
  });
});
