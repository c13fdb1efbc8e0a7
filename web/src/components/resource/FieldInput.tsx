import { Input, InputNumber } from 'antd';
import { formatDateTime } from '../../lib/dates';
import { CodeChecks } from '../code/CodeChecks';
import { CodeSelect } from '../code/CodeSelect';
import { FileUploadField } from '../FileUploadField';
import { DateField } from '../form/DateField';
import { DuplicateCheckInput } from '../form/DuplicateCheckInput';
import { LinesField } from '../form/LinesField';
import { RemoteSelect } from '../form/RemoteSelect';
import { RichTextEditor } from '../form/RichTextEditor';
import { TimeField } from '../form/TimeField';
import { YnSwitch } from '../form/YnSwitch';
import { PermissionsField } from '../permission/PermissionsField';
import { FormPopupField } from '../popup/FormPopupField';
import { LookupInput } from '../popup/LookupInput';
import { PopupManyField } from '../popup/PopupManyField';
import { RegionSelect } from '../region/RegionSelect';
import type { FieldDefinition, Row } from './definition';

interface FieldInputProps {
  definition: FieldDefinition;
  disabled?: boolean;
  /** The form's current values, for controls that depend on other fields. */
  values: Row;
  /** The row the form started from, for labels of stored ids. */
  row: Row;
  // Form.Item hands these to its single child; their type depends on the kind, hence `any`.
  id?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind's control takes its own value
  value?: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- and reports it in its own shape
  onChange?: (...args: any[]) => void;
}

/** The editing control of a field kind; Form.Item passes id, value and onChange through. */
export function FieldInput({ definition, disabled, values, row, ...control }: FieldInputProps) {
  const { kind, maxLength, min, max, placeholder, cdKey = '', files } = definition;
  switch (kind) {
    case 'textarea':
      return <Input.TextArea rows={4} maxLength={maxLength} showCount={!!maxLength} disabled={disabled} {...control} />;
    case 'number':
      return <InputNumber min={min} max={max} disabled={disabled} style={{ width: '100%' }} {...control} />;
    case 'code': {
      const { value, onChange, ...rest } = control;
      // Code lists hold text; the server may store the code as a number.
      return (
        <CodeSelect
          cdKey={cdKey}
          codes={definition.codes}
          placeholder="선택"
          allowClear={!definition.required}
          disabled={disabled}
          value={value === null || value === undefined ? undefined : String(value)}
          onChange={(code) => onChange?.(code === undefined ? null : definition.valueType === 'number' ? Number(code) : code)}
          {...rest}
        />
      );
    }
    case 'codeChecks':
      return <CodeChecks cdKey={cdKey} disabled={disabled} {...control} />;
    case 'date':
      return <DateField disabled={disabled} {...control} />;
    case 'dateTime':
      return <Input id={control.id} value={formatDateTime(control.value)} disabled />;
    case 'yn':
      return <YnSwitch disabled={disabled} {...control} />;
    case 'password':
      return <Input.Password maxLength={maxLength} autoComplete="new-password" disabled={disabled} {...control} />;
    case 'select':
      return definition.options ? <RemoteSelect source={definition.options} values={values} disabled={disabled} {...control} /> : null;
    case 'popup':
      return <FormPopupField definition={definition} values={values} row={row} disabled={disabled} {...control} />;
    case 'popupMany':
      return definition.popup ? (
        <PopupManyField
          popup={definition.popup}
          conditions={definition.popupConditions ? definition.popupConditions(values, row) : undefined}
          known={definition.labelsField ? row[definition.labelsField] : undefined}
          disabled={disabled}
          {...control}
        />
      ) : null;
    case 'lines':
      return definition.lines ? <LinesField rules={definition.lines} disabled={disabled} {...control} /> : null;
    case 'time':
      return <TimeField disabled={disabled} {...control} />;
    case 'region':
      return <RegionSelect disabled={disabled} {...control} />;
    case 'files':
    case 'file':
      return (
        <FileUploadField
          multiple={kind === 'files'}
          accept={files?.accept}
          maxBytes={files?.maxBytes}
          storedRemovable={kind === 'files' ? !!files?.removedIdsField : !!files?.deleteFlag}
          disabled={disabled}
          {...control}
        />
      );
    case 'richText':
      return <RichTextEditor aria-label={definition.label} disabled={disabled} {...control} />;
    case 'permissions':
      return <PermissionsField disabled={disabled} {...control} />;
    default:
      if (definition.lookup && !disabled) {
        return <LookupInput {...definition.lookup} maxLength={maxLength} placeholder={placeholder} {...control} />;
      }
      return definition.duplicateCheck && !disabled ? (
        <DuplicateCheckInput
          check={definition.duplicateCheck}
          fieldName={definition.field}
          values={values}
          normalize={definition.normalize}
          maxLength={maxLength}
          placeholder={placeholder}
          {...control}
        />
      ) : (
        <Input maxLength={maxLength} placeholder={placeholder} disabled={disabled} {...control} />
      );
  }
}
