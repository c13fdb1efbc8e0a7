import type { UploadFile } from 'antd';
import type { FilePart } from '../../lib/api/upload';
import { storedFileIdx, toUploadFiles } from '../form/storedFiles';
import type { FieldDefinition, Row } from './definition';

export type FormMode = 'register' | 'modify';

const isFileField = (field: FieldDefinition) => field.kind === 'files' || field.kind === 'file';

/** The fields a user of this role fills in: those chosen by other roles only are left to the server. */
export function fieldsChosenBy(fields: FieldDefinition[], roleCd: number | undefined): FieldDefinition[] {
  return fields.filter((field) => !field.chosenByRoles || (roleCd !== undefined && field.chosenByRoles.includes(Number(roleCd))));
}

/** The values a form starts from: a stored row (its files as upload entries), or a new row's defaults. */
export function toFormValues(fields: FieldDefinition[], row: Row | null, newRow: Row = {}): Row {
  if (row === null) {
    const defaults = fields.filter((field) => field.defaultValue !== undefined).map((field) => [field.field, field.defaultValue]);
    return { ...Object.fromEntries(defaults), ...newRow };
  }
  const values: Row = { ...row };
  for (const field of fields) {
    if (isFileField(field)) values[field.field] = toUploadFiles(row[field.field], field.files?.downloadType ?? '');
  }
  return values;
}

/** Whether a field takes part in a save of this mode with these values. */
export function isEditable(field: FieldDefinition, mode: FormMode, values: Row): boolean {
  if (field.readOnly) return false;
  if (field.registerOnly && mode !== 'register') return false;
  return field.shownWhen ? field.shownWhen(values) : true;
}

const storedIds = (files: unknown) =>
  ((files as UploadFile[] | undefined) ?? []).map(storedFileIdx).filter((id): id is number => id !== null);

/**
 * Splits a form's values into the JSON row and the files to upload. Only the definition's editable
 * fields are sent (the server refuses unknown ones); empty values stay behind, so the server applies
 * its defaults instead of refusing a null. Newly picked files become parts named after their field;
 * stored files the user removed are named in the field's removal list or flag.
 */
export function toSaveRequest(fields: FieldDefinition[], values: Row, mode: FormMode, initial: Row): { row: Row; files: FilePart[] } {
  const row: Row = {};
  const files: FilePart[] = [];
  for (const field of fields) {
    if (!isEditable(field, mode, values)) continue;
    const value = values[field.field];
    if (isFileField(field)) {
      const picked = (value as UploadFile[] | undefined) ?? [];
      for (const entry of picked) {
        if (storedFileIdx(entry) === null && entry.originFileObj) {
          files.push({ field: field.field, file: entry.originFileObj, fileName: entry.name });
        }
      }
      const kept = new Set(storedIds(picked));
      const removed = storedIds(initial[field.field]).filter((id) => !kept.has(id));
      if (removed.length > 0 && field.files?.removedIdsField) row[field.files.removedIdsField] = removed;
      if (removed.length > 0 && field.files?.deleteFlag && !picked.some((entry) => storedFileIdx(entry) === null)) {
        row[field.files.deleteFlag] = true;
      }
    } else if (field.lines && Array.isArray(value)) {
      // A line travels as its key and its numbers; what it shows of its row stays here.
      const sent = [field.lines.keyField, ...field.lines.inputs.map((input) => input.field)];
      row[field.field] = (value as Row[]).map((line) => Object.fromEntries(sent.map((name) => [name, line[name]])));
    } else if (value !== null && value !== undefined) {
      if (typeof value === 'string') {
        const trimmed = value.trim();
        row[field.field] = field.normalize ? field.normalize(trimmed) : trimmed;
      } else {
        row[field.field] = value;
      }
    }
  }
  return { row, files };
}
