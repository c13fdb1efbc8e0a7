import { Form } from 'antd';
import { FormActions } from '../../../components/form/FormActions';
import type { FieldDefinition, Row } from '../../../components/resource/definition';
import { FieldInput } from '../../../components/resource/FieldInput';
import { fieldRules } from '../../../components/resource/fieldRules';
import { useRowCall } from '../../../components/resource/relatedApi';
import { notifySuccess } from '../../../lib/notify';
import { isAnswered, QNA_API } from './qnaCodes';

const ANSWER: FieldDefinition = { field: 'answer', label: '답변 내용', kind: 'richText', required: true };

/** The answer form of a question, for managers and operators: written, or rewritten, in the editor. */
export function AnswerPanel({ row }: { row: Row }) {
  const [form] = Form.useForm<{ answer: string }>();
  const call = useRowCall({ apiPath: QNA_API });
  const answered = isAnswered(row);

  const submit = async ({ answer }: { answer: string }) => {
    try {
      await call.mutateAsync({ url: `/api/${QNA_API}/jsonAnswer.do`, body: { qnaIdx: row.qnaIdx, answer } });
    } catch {
      return; // the failure was alerted by the client library
    }
    notifySuccess(answered ? '답변을 수정했습니다.' : '답변을 등록했습니다.');
  };

  return (
    <Form form={form} name="board_qna_answer" layout="vertical" initialValues={{ answer: row.answer ?? '' }} onFinish={submit}>
      <Form.Item name="answer" label={ANSWER.label} rules={fieldRules(ANSWER)}>
        <FieldInput definition={ANSWER} values={{}} row={row} />
      </Form.Item>
      <FormActions saveLabel={answered ? '답변 수정' : '답변 등록'} saving={call.isPending} />
    </Form>
  );
}
