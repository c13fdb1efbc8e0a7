import { Form, Input } from 'antd';
import { passwordProblem } from '../../lib/validators';

interface NewPasswordFieldsProps {
  /** Form field of the new password. */
  name: string;
  /** Form field of the repeated password (prefix it with `_` when the form is sent as it is). */
  confirmName: string;
  /** The id of the account, which the password must not contain. */
  accountId: string;
  /** A field the new password must differ from (the current password). */
  differentFrom?: string;
}

/** A new password typed twice, checked against the password policy before it is sent. */
export function NewPasswordFields({ name, confirmName, accountId, differentFrom }: NewPasswordFieldsProps) {
  return (
    <>
      <Form.Item
        name={name}
        label="새 비밀번호"
        dependencies={differentFrom ? [differentFrom] : []}
        rules={[
          { required: true, message: '새 비밀번호를 입력해 주세요.' },
          ({ getFieldValue }) => ({
            validator: (_rule, value: string) => {
              if (!value) return Promise.resolve();
              if (differentFrom && value === getFieldValue(differentFrom)) {
                return Promise.reject(new Error('현재 비밀번호와 다른 비밀번호를 입력해 주세요.'));
              }
              const problem = passwordProblem(value, accountId);
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name={confirmName}
        label="새 비밀번호 확인"
        dependencies={[name]}
        rules={[
          { required: true, message: '새 비밀번호를 한 번 더 입력해 주세요.' },
          ({ getFieldValue }) => ({
            validator: (_rule, value: string) =>
              !value || value === getFieldValue(name) ? Promise.resolve() : Promise.reject(new Error('새 비밀번호가 일치하지 않습니다.')),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
