import { Form, Progress } from 'antd';
import { useMemo, useState } from 'react';
import { fieldErrorsOf } from '../../lib/api/envelope';
import { notifySuccess } from '../../lib/notify';
import { useSessionUser } from '../../lib/session/sessionStore';
import { FormActions } from '../form/FormActions';
import type { ResourceDefinition, Row } from './definition';
import { FieldInput } from './FieldInput';
import { fieldRules } from './fieldRules';
import { fieldsChosenBy, isEditable, toFormValues, toSaveRequest, type FormMode } from './formValues';
import { useSaveResource } from './resourceApi';

interface ResourceEditorProps {
  definition: ResourceDefinition;
  mode: FormMode;
  /** The stored row being modified; null when registering. */
  row: Row | null;
  /** Values a new row starts with besides the defaults. */
  newRow?: Row;
  /** Whether the user may store this (write to register, update to modify). */
  mayStore: boolean;
  onSaved: (saved: Row) => void;
  onCancel: () => void;
}

/** The register and modify form: the definition's fields, checked, then saved with upload progress. */
export function ResourceEditor({ definition, mode, row, newRow, mayStore, onSaved, onCancel }: ResourceEditorProps) {
  const { idField } = definition;
  const roleCd = useSessionUser()?.roleCd;
  const fields = useMemo(() => fieldsChosenBy(definition.fields, roleCd), [definition.fields, roleCd]);
  const [form] = Form.useForm<Row>();
  const save = useSaveResource(definition);
  const [progress, setProgress] = useState<number | null>(null);
  const initialValues = useMemo(() => toFormValues(fields, row, newRow), [fields, row, newRow]);
  const watched = Form.useWatch([], { form, preserve: true }) as Row | undefined;
  const values = { ...initialValues, ...watched };

  const submit = async () => {
    const current = { ...initialValues, ...form.getFieldsValue(true) };
    const { row: sent, files } = toSaveRequest(fields, current, mode, initialValues);
    if (mode === 'modify' && !definition.singleton) sent[idField] = row?.[idField];
    // The bar shows from the start of an upload: a large file may take a while before its first report.
    if (files.length > 0) setProgress(0);
    try {
      const saved = await save.mutateAsync({ row: sent, files, onProgress: files.length > 0 ? setProgress : undefined });
      notifySuccess('저장되었습니다.');
      onSaved({ ...sent, ...saved });
    } catch (error) {
      form.setFields(Object.entries(fieldErrorsOf(error)).map(([name, text]) => ({ name, errors: [text] })));
    } finally {
      setProgress(null);
    }
  };

  const shown = fields.filter((field) => (mode === 'register' ? !field.readOnly : true) && isShown(field, mode, values));

  return (
    <Form<Row> form={form} name={definition.apiPath.replace('/', '_')} layout="vertical" initialValues={initialValues} onFinish={submit}>
      <div className="form-grid">
        {shown.map((field) => (
          <Form.Item
            key={field.field}
            name={field.field}
            label={field.label}
            className={field.wide ? 'wide' : undefined}
            rules={fieldRules(field, mode)}
          >
            <FieldInput
              definition={field}
              values={values}
              row={row ?? {}}
              disabled={field.readOnly || (mode === 'modify' && field.fixedAfterCreate)}
            />
          </Form.Item>
        ))}
      </div>
      {progress !== null && <Progress percent={progress} />}
      <FormActions onBack={onCancel} allowed={mayStore} saving={save.isPending} />
    </Form>
  );
}

/** Read-only fields show on modify (they are not sent); register-only fields only on register. */
function isShown(field: ResourceDefinition['fields'][number], mode: FormMode, values: Row): boolean {
  if (field.readOnly) return field.shownWhen ? field.shownWhen(values) : true;
  return isEditable(field, mode, values);
}
