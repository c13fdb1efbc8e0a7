import { Button, Descriptions, Form, Popconfirm, Progress, Result, Space, Spin, Typography, type UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { fieldErrorsOf } from '../../lib/api/envelope';
import type { FilePart } from '../../lib/api/upload';
import { notifySuccess } from '../../lib/notify';
import { usePermissions } from '../../lib/permission';
import { FieldInput } from './FieldInput';
import { FieldValue } from './FieldValue';
import type { FieldDefinition, ResourceDefinition, Row } from './definition';
import { useDeleteResource, useResourceDetail, useSaveResource } from './resourceApi';

type Mode = 'register' | 'view' | 'modify';

const MODE_TITLES: Record<Mode, string> = { register: '등록', view: '상세', modify: '수정' };

function requiredMessage(field: FieldDefinition): string {
  return `${field.label}을(를) ${field.kind === 'code' || field.kind === 'files' ? '선택' : '입력'}해 주세요.`;
}

/**
 * Splits the form's values into the JSON row and the files to upload. Read-only fields stay behind,
 * and so do empty values, so the server applies its defaults instead of refusing a null.
 */
function toSaveRequest(fields: FieldDefinition[], values: Row): { row: Row; files: FilePart[] } {
  const row: Row = {};
  const files: FilePart[] = [];
  for (const field of fields) {
    const value = values[field.field];
    if (field.readOnly) continue;
    if (field.kind === 'files') {
      for (const picked of (value as UploadFile[] | undefined) ?? []) {
        if (picked.originFileObj) files.push({ field: field.field, file: picked.originFileObj, fileName: picked.name });
      }
    } else if (value !== null && value !== undefined) {
      row[field.field] = typeof value === 'string' ? value.trim() : value;
    }
  }
  return { row, files };
}

/**
 * The view, register and modify screen of a resource, at `{routeBase}/view?{idField}=`: without an id
 * it registers a new row. Field errors from the server are shown on their fields.
 */
export function ResourceForm({ definition }: { definition: ResourceDefinition }) {
  const { idField, routeBase, title, fields } = definition;
  const [searchParams] = useSearchParams();
  const id = searchParams.get(idField) || null;
  const [editing, setEditing] = useState(false);
  const mode: Mode = id === null ? 'register' : editing ? 'modify' : 'view';
  const can = usePermissions(definition.program);
  const detail = useResourceDetail(definition, id);
  const save = useSaveResource(definition);
  const remove = useDeleteResource(definition);
  const [form] = Form.useForm<Row>();
  const [progress, setProgress] = useState<number | null>(null);
  const navigate = useNavigate();
  const listPath = `${routeBase}/list`;

  useEffect(() => setEditing(false), [id]);

  const submit = async (values: Row) => {
    const { row, files } = toSaveRequest(fields, values);
    if (mode === 'modify') row[idField] = detail.data?.[idField];
    try {
      const saved = await save.mutateAsync({ row, files, onProgress: files.length > 0 ? setProgress : undefined });
      notifySuccess('저장되었습니다.');
      setEditing(false);
      const savedId = String(saved?.[idField] ?? row[idField]);
      navigate(`${routeBase}/view?${new URLSearchParams({ [idField]: savedId })}`, { replace: true });
    } catch (error) {
      form.setFields(Object.entries(fieldErrorsOf(error)).map(([name, text]) => ({ name, errors: [text] })));
    } finally {
      setProgress(null);
    }
  };

  const deleteThis = async () => {
    try {
      await remove.mutateAsync([detail.data?.[idField]]);
    } catch {
      return; // the failure was alerted by the client library
    }
    notifySuccess('삭제되었습니다.');
    navigate(listPath, { replace: true });
  };

  const heading = <Typography.Title level={4}>{`${title} ${MODE_TITLES[mode]}`}</Typography.Title>;

  if (id !== null && detail.isPending) return <Spin />;
  if (id !== null && !detail.data) {
    return (
      <Result
        status="404"
        title="자료를 찾을 수 없습니다."
        extra={<Button onClick={() => navigate(listPath)}>목록</Button>}
      />
    );
  }

  if (mode === 'view') {
    const row = detail.data ?? {};
    return (
      <div className="resource-form">
        {heading}
        <Descriptions
          bordered
          column={2}
          items={fields
            .filter((field) => field.kind !== 'files')
            .map((field) => ({
              key: field.field,
              label: field.label,
              span: field.wide ? 2 : 1,
              children: <FieldValue shape={field} value={row[field.field]} />,
            }))}
        />
        <div className="form-actions">
          <Button onClick={() => navigate(listPath)}>목록</Button>
          <Space>
            {can.delete && (
              <Popconfirm title="삭제하시겠습니까?" okText="삭제" cancelText="취소" onConfirm={deleteThis}>
                <Button danger loading={remove.isPending}>
                  삭제
                </Button>
              </Popconfirm>
            )}
            {can.update && (
              <Button type="primary" onClick={() => setEditing(true)}>
                수정
              </Button>
            )}
          </Space>
        </div>
      </div>
    );
  }

  const initialValues =
    mode === 'modify'
      ? detail.data
      : Object.fromEntries(fields.filter((f) => f.defaultValue !== undefined).map((f) => [f.field, f.defaultValue]));
  const mayStore = mode === 'register' ? can.write : can.update;

  return (
    <div className="resource-form">
      {heading}
      <Form<Row> key={mode} form={form} layout="vertical" initialValues={initialValues} onFinish={submit}>
        <div className="form-grid">
          {fields
            .filter((field) => !(mode === 'register' && field.readOnly))
            .map((field) => (
              <Form.Item
                key={field.field}
                name={field.field}
                label={field.label}
                className={field.wide ? 'wide' : undefined}
                rules={[
                  ...(field.required ? [{ required: true, message: requiredMessage(field) }] : []),
                  ...(field.pattern ? [{ pattern: field.pattern.regex, message: field.pattern.message }] : []),
                ]}
              >
                <FieldInput
                  definition={field}
                  disabled={field.readOnly || (mode === 'modify' && field.fixedAfterCreate)}
                />
              </Form.Item>
            ))}
        </div>
        {progress !== null && <Progress percent={progress} />}
        <div className="form-actions">
          <Button onClick={() => (mode === 'modify' ? setEditing(false) : navigate(listPath))}>취소</Button>
          {mayStore && (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              저장
            </Button>
          )}
        </div>
      </Form>
    </div>
  );
}
