import { Form, Input, Modal } from 'antd';
import { passwordProblem } from '../../lib/validators';

interface PasswordPromptProps {
  open: boolean;
  title: string;
  /** The id of the account, which the password must not contain. */
  accountId: string;
  saving: boolean;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}

interface PasswordValues {
  password: string;
  confirm: string;
}

/** Asks for a new password (twice), checked against the password policy before it is sent. */
export function PasswordPrompt({ open, title, accountId, saving, onSubmit, onCancel }: PasswordPromptProps) {
  const [form] = Form.useForm<PasswordValues>();
  return (
    <Modal
      title={title}
      open={open}
      okText="변경"
      cancelText="취소"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      afterClose={() => form.resetFields()}
      forceRender
    >
      <Form form={form} name="passwordPrompt" layout="vertical" onFinish={(values) => onSubmit(values.password)}>
        <Form.Item
          name="password"
          label="새 비밀번호"
          rules={[
            { required: true, message: '새 비밀번호를 입력해 주세요.' },
            {
              validator: (_rule, value: string) => {
                const problem = value ? passwordProblem(value, accountId) : null;
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="새 비밀번호 확인"
          dependencies={['password']}
          rules={[
            { required: true, message: '새 비밀번호를 한 번 더 입력해 주세요.' },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('새 비밀번호가 일치하지 않습니다.')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
