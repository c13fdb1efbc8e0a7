import type { FormRule } from 'antd';
import { sanitizeHtml } from '../../lib/sanitize';
import type { FieldDefinition, FieldKind } from './definition';

const CHOSEN_KINDS: FieldKind[] = ['code', 'codeChecks', 'select', 'popup', 'popupMany', 'files', 'file', 'date', 'time', 'region'];

export function requiredMessage(field: FieldDefinition): string {
  return `${field.label}을(를) ${CHOSEN_KINDS.includes(field.kind) ? '선택' : '입력'}해 주세요.`;
}

/** Text written in the editor counts only if it has words, not just empty markup. */
const hasText = (html: unknown) => sanitizeHtml(String(html ?? ''), 'strip').trim() !== '';

/** The checks a field's value must pass before the form is sent. */
export function fieldRules(field: FieldDefinition): FormRule[] {
  const rules: FormRule[] = [];
  if (field.required && field.kind === 'richText') {
    rules.push({ validator: (_rule, value) => (hasText(value) ? Promise.resolve() : Promise.reject(new Error(requiredMessage(field)))) });
  } else if (field.required && field.kind === 'popupMany') {
    rules.push({ required: true, type: 'array', min: 1, message: requiredMessage(field) });
  } else if (field.required) {
    rules.push({ required: true, message: requiredMessage(field) });
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
  return rules;
}
