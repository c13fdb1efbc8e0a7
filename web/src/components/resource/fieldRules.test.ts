import type { FormInstance, FormRule } from 'antd';
import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from './definition';
import { fieldRules } from './fieldRules';

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
});
