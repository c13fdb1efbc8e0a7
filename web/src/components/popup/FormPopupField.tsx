import { Form } from 'antd';
import type { FieldDefinition, Row } from '../resource/definition';
import { PopupField } from './PopupField';

interface FormPopupFieldProps {
  definition: FieldDefinition;
  /** The form's current values and the row it is about, for the popup's conditions. */
  values: Row;
  row: Row;
  disabled?: boolean;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

/**
 * A popup field of a form: searches under the conditions the other values give, and a pick fills
 * the fields that follow the picked row and empties those that belonged to the previous value.
 */
export function FormPopupField({ definition, values, row, disabled, value, onChange, ...control }: FormPopupFieldProps) {
  const form = Form.useFormInstance();
  const { popup, labelField, popupConditions, fills = {}, clears = [] } = definition;
  if (!popup) return null;

  const change = (next: unknown) => {
    if (next !== value && clears.length > 0) form.setFieldsValue(Object.fromEntries(clears.map((field) => [field, null])));
    onChange?.(next);
  };

  const follow = (picked: Row) => {
    const followed = Object.entries(fills).map(([field, from]) => [field, picked[from] ?? null]);
    if (followed.length > 0) form.setFieldsValue(Object.fromEntries(followed));
  };

  return (
    <PopupField
      popup={popup}
      initialLabel={labelField ? String(row[labelField] ?? '') : undefined}
      placeholder={definition.placeholder}
      conditions={popupConditions ? popupConditions(values, row) : undefined}
      disabled={disabled}
      value={value}
      onChange={change}
      onPickRow={follow}
      {...control}
    />
  );
}
