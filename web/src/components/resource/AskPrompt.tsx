import { Form } from 'antd';
import { useId, useMemo } from 'react';
import { useSessionUser } from '../../lib/session/sessionStore';
import { FormModal } from '../form/FormModal';
import type { FieldDefinition, Row } from './definition';
import { FieldInput } from './FieldInput';
import { fieldRules } from './fieldRules';
import { fieldsChosenBy, toFormValues, toSaveRequest } from './formValues';

interface AskPromptProps {
  open: boolean;
  title: string;
  /** What is asked, as fields of a form. */
  fields: FieldDefinition[];
  /** The row the answers are about, for fields depending on it (the site whose screens are offered). */
  row?: Row;
  saving: boolean;
  onSubmit: (answers: Row) => void;
  onCancel: () => void;
}

/** Asks for the values an action needs (a date, a message, rows to map), checked before they are handed on. */
export function AskPrompt({ open, title, fields: asked, row = {}, saving, onSubmit, onCancel }: AskPromptProps) {
  const roleCd = useSessionUser()?.roleCd;
  const fields = useMemo(() => fieldsChosenBy(asked, roleCd), [asked, roleCd]);
  const [form] = Form.useForm<Row>();
  // Several prompts of one screen are mounted at once: each form names its fields' ids apart.
  const formName = `askPrompt${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const initialValues = useMemo(() => toFormValues(fields, null), [fields]);
  const watched = Form.useWatch([], { form, preserve: true }) as Row | undefined;
  const values = { ...initialValues, ...watched };

  const submit = () => onSubmit(toSaveRequest(fields, { ...initialValues, ...form.getFieldsValue(true) }, 'register', {}).row);

  return (
    <FormModal form={form} title={title} open={open} okText="확인" saving={saving} onCancel={onCancel}>
      <Form<Row> form={form} name={formName} layout="vertical" initialValues={initialValues} onFinish={submit}>
        {fields.map((field) => (
          <Form.Item key={field.field} name={field.field} label={field.label} rules={fieldRules(field)}>
            <FieldInput definition={field} values={values} row={row} />
          </Form.Item>
        ))}
      </Form>
    </FormModal>
  );
}
