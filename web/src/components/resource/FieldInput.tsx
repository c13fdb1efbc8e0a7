import { Input, InputNumber } from 'antd';
import { formatDateTime } from '../../lib/dates';
import { CodeSelect } from '../code/CodeSelect';
import { FileUploadField } from '../FileUploadField';
import type { FieldDefinition } from './definition';

interface FieldInputProps {
  definition: FieldDefinition;
  disabled?: boolean;
  // Form.Item hands these to its single child; their type depends on the kind, hence `any`.
  value?: any;
  onChange?: (...args: any[]) => void;
}

/** The editing control of a field kind; Form.Item passes value and onChange through. */
export function FieldInput({ definition, disabled, ...control }: FieldInputProps) {
  const { kind, maxLength, min, max, placeholder, cdKey } = definition;
  switch (kind) {
    case 'textarea':
      return <Input.TextArea rows={4} maxLength={maxLength} showCount={!!maxLength} disabled={disabled} {...control} />;
    case 'number':
      return <InputNumber min={min} max={max} disabled={disabled} style={{ width: '100%' }} {...control} />;
    case 'code':
      return <CodeSelect cdKey={cdKey ?? ''} placeholder="선택" disabled={disabled} {...control} />;
    case 'dateTime':
      return <Input value={formatDateTime(control.value)} disabled />;
    case 'files':
      return <FileUploadField disabled={disabled} {...control} />;
    default:
      return <Input maxLength={maxLength} placeholder={placeholder} disabled={disabled} {...control} />;
  }
}
