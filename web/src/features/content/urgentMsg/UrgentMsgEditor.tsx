import { Form, Input, Radio } from 'antd';
import { useMemo } from 'react';
import { DateTimeField } from '../../../components/form/DateTimeField';
import { FormActions } from '../../../components/form/FormActions';
import { RegionsField } from '../../../components/region/RegionsField';
import { useSaveResource } from '../../../components/resource/resourceApi';
import { fieldErrorsOf } from '../../../lib/api/envelope';
import { notifySuccess } from '../../../lib/notify';
import type { RowEditorProps } from '../RowScreen';
import { urgentMsgDefinition } from './definition';
import { SitesField } from './SitesField';
import { toUrgentValues, urgentMsgBody, type UrgentValues } from './urgentBody';
import { TARGET_LABELS, type TargetType } from './urgentCodes';

const IMAGE_URL = /^(https?:\/\/|\/)\S+$/i;

/** The urgent message form: text, optional image, when it shows and whom it reaches. */
export function UrgentMsgEditor({ row, onSaved, onCancel }: RowEditorProps) {
  const [form] = Form.useForm<UrgentValues>();
  const initialValues = useMemo(() => toUrgentValues(row), [row]);
  const targetType = (Form.useWatch('targetType', form) ?? initialValues.targetType) as TargetType;
  const save = useSaveResource(urgentMsgDefinition);

  const submit = async () => {
    const built = urgentMsgBody({ ...initialValues, ...form.getFieldsValue(true) });
    if (built.problem) return form.setFields([{ name: built.problem.field as keyof UrgentValues, errors: [built.problem.message] }]);
    try {
      const answer = await save.mutateAsync({ row: built.body });
      notifySuccess('저장되었습니다.');
      onSaved({ ...built.body, ...answer });
    } catch (error) {
      form.setFields(Object.entries(fieldErrorsOf(error)).map(([name, text]) => ({ name: (name === 'poiIds' ? 'sites' : name) as keyof UrgentValues, errors: [text] })));
    }
  };

  return (
    <Form<UrgentValues> form={form} name="content_urgentMsg" layout="vertical" initialValues={initialValues} onFinish={submit}>
      <div className="form-grid">
        <Form.Item name="text" label="메시지" className="wide" rules={[{ required: true, whitespace: true, message: '메시지를 입력해 주세요.' }]}>
          <Input.TextArea rows={4} maxLength={500} showCount />
        </Form.Item>
        <Form.Item name="imageUrl" label="이미지 주소" className="wide" rules={[{ pattern: IMAGE_URL, message: 'http(s):// 또는 /로 시작하는 주소여야 합니다.' }]}>
          <Input maxLength={500} placeholder="https:// (선택)" />
        </Form.Item>
        <Form.Item name="startAt" label="시작 일시" rules={[{ required: true, message: '시작 일시를 선택해 주세요.' }]}>
          <DateTimeField />
        </Form.Item>
        <Form.Item name="endAt" label="종료 일시" rules={[{ required: true, message: '종료 일시를 선택해 주세요.' }]}>
          <DateTimeField />
        </Form.Item>
        <Form.Item name="targetType" label="대상" className="wide">
          <Radio.Group optionType="button" options={Object.entries(TARGET_LABELS).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        {(targetType === 'sido' || targetType === 'sigungu') && (
          <Form.Item name="rgnCds" label={targetType === 'sido' ? '대상 시도' : '대상 시군구'} className="wide" required>
            <RegionsField level={targetType === 'sido' ? 1 : 2} />
          </Form.Item>
        )}
        {targetType === 'poi' && (
          <Form.Item name="sites" label="대상 사이트" className="wide" required>
            <SitesField />
          </Form.Item>
        )}
      </div>
      <FormActions onBack={onCancel} program={urgentMsgDefinition.program} right={row ? 'update' : 'write'} saving={save.isPending} />
    </Form>
  );
}
