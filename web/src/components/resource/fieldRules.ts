import type { FormRule } from 'antd';
import { dateDiffDays } from '../../lib/dates';
import { sanitizeHtml } from '../../lib/sanitize';
import type { FieldDefinition, FieldKind, Row } from './definition';

const CHOSEN_KINDS: FieldKind[] = ['code', 'codeChecks', 'select', 'popup', 'popupMany', 'lines', 'files', 'file', 'date', 'time', 'region'];

export function requiredMessage(field: FieldDefinition): string {
  return `${field.label}을(를) ${CHOSEN_KINDS.includes(field.kind) ? '선택' : '입력'}해 주세요.`;
}

/** Text written in the editor counts only if it has words, not just empty markup. */
const hasText = (html: unknown) => sanitizeHtml(String(html ?? ''), 'strip').trim() !== '';

/**
 * A field's own rule (`validate`) for the last day of a period: not before the day in `startField`.
 * A day not given yet is left to the required rule.
 */
export function notBefore(startField: string, message: string): (value: unknown, values: Row) => string | null {
  return (value, values) => {
    try {
      return dateDiffDays(String(values[startField] ?? ''), String(value ?? '')) < 0 ? message : null;
    } catch {
      return null;
    }
  };
}

/** The checks a field's value must pass before the form is sent, registering or modifying. */
export function fieldRules(field: FieldDefinition, mode: 'register' | 'modify' = 'register'): FormRule[] {
  const rules: FormRule[] = [];
  const required = field.required === true || (field.required === 'register' && mode === 'register');
  if (required && field.kind === 'richText') {
    rules.push({ validator: (_rule, value) => (hasText(value) ? Promise.resolve() : Promise.reject(new Error(requiredMessage(field)))) });
  } else if (required && (field.kind === 'popupMany' || field.kind === 'lines')) {
    rules.push({ required: true, type: 'array', min: 1, message: requiredMessage(field) });
  } else if (required) {
    rules.push({ required: true, message: requiredMessage(field) });
  }
  const maxCount = field.files?.maxCount;
  if (maxCount !== undefined) {
    rules.push({
      validator: async (_rule, value: unknown[] | null | undefined) => {
        if ((value ?? []).length > maxCount) throw new Error(`${field.label}은(는) ${maxCount}개까지 올릴 수 있습니다.`);
      },
    });
  }
  if (field.pattern) rules.push({ pattern: field.pattern.regex, message: field.pattern.message });
  if (field.validate) {
    const validate = field.validate;
    rules.push(({ getFieldsValue }) => ({
      validator: (_rule, value) => {
        if (value === null || value === undefined || value === '') return Promise.resolve();
        const problem = validate(value, getFieldsValue(true));
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    }));
  }
  if (field.lines) {
    const { inputs } = field.lines;
    // Every line needs each of its numbers, within range.
    rules.push({
      validator: async (_rule, value: Row[] | null | undefined) => {
        const wrong = inputs.find((input) =>
          (value ?? []).some((line) => {
            const number = line[input.field];
            return typeof number !== 'number' || number < input.min || number > input.max;
          }),
        );
        if (wrong) throw new Error(`${wrong.title}은(는) ${wrong.min}~${wrong.max} 사이로 입력해 주세요.`);
      },
    });
  }
  if (field.check) {
    const check = field.check;
    rules.push(({ getFieldsValue }) => ({
      validator: async (_rule, value) => {
        if (value === null || value === undefined || value === '') return;
        const problem = await check(value, getFieldsValue(true));
        if (problem) throw new Error(problem);
      },
    }));
  }
  return rules;
}
