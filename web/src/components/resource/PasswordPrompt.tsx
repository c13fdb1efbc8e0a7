import { Form } from 'antd';
import { FormModal } from '../form/FormModal';
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
    <FormModal form={form} title={title} open={open} okText="변경" saving={saving} onCancel={onCancel}>
      <Form form={form} name="passwordPrompt" layout="vertical" onFinish={(values) => onSubmit(values.password)}>
        <NewPasswordFields name="password" confirmName="confirm" accountId={accountId} />
      </Form>
    </FormModal>
  );
}
