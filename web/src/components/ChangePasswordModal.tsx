import { Alert, Form, Input } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrorsOf, unwrap } from '../lib/api/envelope';
import { notifySuccess } from '../lib/notify';
import { changePassword } from '../lib/session/changePassword';
import { mustChangePassword } from '../lib/session/initialPassword';
import { closePasswordDialog, usePasswordDialogOpen } from '../lib/session/passwordDialog';
import { replaceUser, useSessionUser } from '../lib/session/sessionStore';
import { FormModal } from './form/FormModal';
import { NewPasswordFields } from './form/NewPasswordFields';

interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  // Underscored: checked here, never sent.
  _newPasswordConfirm: string;
}

/** The change-password dialog, opened from my page, after a login with an initial password, or on 10300. */
export function ChangePasswordModal() {
  const open = usePasswordDialogOpen();
  const user = useSessionUser();
  const [form] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const forced = mustChangePassword(user);

  const submit = async (values: PasswordForm) => {
    setSaving(true);
    try {
      const { user: changed } = unwrap(await changePassword(values));
      replaceUser(changed);
      closePasswordDialog();
      notifySuccess('비밀번호가 변경되었습니다.');
      // What the user may see can change with the new session.
      await queryClient.invalidateQueries();
    } catch (error) {
      const fieldErrors = Object.entries(fieldErrorsOf(error));
      form.setFields(fieldErrors.map(([name, text]) => ({ name: name as keyof PasswordForm, errors: [text] })));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormModal form={form} title="비밀번호 변경" open={open} okText="변경" cancelText={forced ? '나중에' : '취소'} saving={saving} onCancel={closePasswordDialog}>
      {forced && (
        <Alert type="warning" showIcon title="초기 비밀번호를 사용 중입니다. 비밀번호를 변경해야 메뉴를 이용할 수 있습니다." />
      )}
      <Form form={form} layout="vertical" onFinish={submit} className="password-form">
        <Form.Item name="currentPassword" label="현재 비밀번호" rules={[{ required: true, message: '현재 비밀번호를 입력해 주세요.' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields name="newPassword" confirmName="_newPasswordConfirm" accountId={user?.uId ?? ''} differentFrom="currentPassword" />
      </Form>
    </FormModal>
  );
}
