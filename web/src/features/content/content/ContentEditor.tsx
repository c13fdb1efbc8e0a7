import { Checkbox, Form, Input, InputNumber, Switch } from 'antd';
import { useMemo } from 'react';
import { CodeRadio } from '../../../components/code/CodeRadio';
import { useCodeList } from '../../../components/code/useCodeList';
import { FormActions } from '../../../components/form/FormActions';
import { PeriodField } from '../../../components/form/PeriodField';
import { PopupField } from '../../../components/popup/PopupField';
import { useSaveResource } from '../../../components/resource/resourceApi';
import { contentMaterialPopup } from '../../../components/searchPopups/contentMaterialPopup';
import { fieldErrorsOf } from '../../../lib/api/envelope';
import { notifySuccess } from '../../../lib/notify';
import type { RowEditorProps } from '../RowScreen';
import { contentBody, toContentValues, type ContentValues } from './contentBody';
import { materialKindOf, MAX_SECONDS, MIN_SECONDS } from './contentCodes';
import { contentDefinition } from './definition';

// Contents fill the content slots: their materials are the content materials (slot type 3) of the content's kind.
const materialsOf = (kind: 'image' | 'video') => ({ slotType: 3, matType: kind });

/** Templates as numbers, as the server keeps them; none ticked means every template. */
function TemplateChecks({ id, value, onChange }: { id?: string; value?: number[]; onChange?: (value: number[]) => void }) {
  const { data = [] } = useCodeList('TEMPLATE_TYPE');
  return (
    <div id={id}>
      <Checkbox.Group
        value={(value ?? []).map(String)}
        options={data.map((item) => ({ value: item.cdCode, label: item.cdName }))}
        onChange={(checked) => onChange?.(data.map((item) => item.cdCode).filter((code) => checked.includes(code)).map(Number))}
      />
    </div>
  );
}

/** 사용 (1) or 중지 (0). */
function StatusSwitch({ id, value, onChange }: { id?: string; value?: number; onChange?: (value: number) => void }) {
  return <Switch id={id} checked={Number(value) === 1} onChange={(on) => onChange?.(on ? 1 : 0)} checkedChildren="사용" unCheckedChildren="중지" />;
}

/** The content form: what it plays (a content material or a text), for how long, when and on which templates. */
export function ContentEditor({ row, onSaved, onCancel }: RowEditorProps) {
  const [form] = Form.useForm<ContentValues>();
  const initialValues = useMemo(() => toContentValues(row), [row]);
  const contentType = Form.useWatch('contentType', form) ?? initialValues.contentType;
  const kind = materialKindOf(contentType);
  const save = useSaveResource(contentDefinition);

  const submit = async () => {
    const built = contentBody({ ...initialValues, ...form.getFieldsValue(true) });
    if (built.problem) return form.setFields([{ name: built.problem.field, errors: [built.problem.message] }]);
    try {
      const answer = await save.mutateAsync({ row: built.body });
      notifySuccess('저장되었습니다.');
      onSaved({ ...built.body, ...answer });
    } catch (error) {
      form.setFields(Object.entries(fieldErrorsOf(error)).map(([name, text]) => ({ name: name as keyof ContentValues, errors: [text] })));
    }
  };

  return (
    <Form<ContentValues> form={form} name="content_content" layout="vertical" initialValues={initialValues} onFinish={submit}>
      <div className="form-grid">
        <Form.Item name="ctNm" label="콘텐츠명" rules={[{ required: true, whitespace: true, message: '콘텐츠명을 입력해 주세요.' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="contentType" label="콘텐츠 유형" rules={[{ required: true, message: '콘텐츠 유형을 선택해 주세요.' }]}>
          <CodeRadio cdKey="CONTENT_TYPE" valueType="number" />
        </Form.Item>
        {kind !== null ? (
          <Form.Item name="matId" label={kind === 'image' ? '이미지 소재' : '동영상 소재'} className="wide" required>
            <PopupField
              popup={contentMaterialPopup}
              conditions={materialsOf(kind)}
              initialLabel={initialValues.matName ?? undefined}
              onPickRow={(picked) => form.setFieldsValue({ matType: (picked.matType as string | undefined) ?? null })}
            />
          </Form.Item>
        ) : (
          <Form.Item name="text" label="문구" className="wide" required>
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        )}
        <Form.Item
          name="seconds"
          label={`노출 시간(초, ${MIN_SECONDS}~${MAX_SECONDS})`}
          rules={[{ required: true, type: 'number', min: MIN_SECONDS, max: MAX_SECONDS, message: `${MIN_SECONDS}~${MAX_SECONDS}초로 입력해 주세요.` }]}
        >
          <InputNumber min={MIN_SECONDS} max={MAX_SECONDS} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="period" label="기간 (비우면 상시)">
          <PeriodField />
        </Form.Item>
        <Form.Item name="templateTypes" label="템플릿 (선택하지 않으면 전체)" className="wide">
          <TemplateChecks />
        </Form.Item>
        <Form.Item name="ctStatus" label="상태">
          <StatusSwitch />
        </Form.Item>
      </div>
      <FormActions onBack={onCancel} program={contentDefinition.program} right={row ? 'update' : 'write'} saving={save.isPending} />
    </Form>
  );
}
