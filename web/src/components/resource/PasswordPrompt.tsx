import { Form, Modal } from 'antd';
import { NewPasswordFields } from '../form/NewPasswordFields';

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
        <NewPasswordFields name="password" confirmName="confirm" accountId={accountId} />
      </Form>
    </Modal>
  );
}
