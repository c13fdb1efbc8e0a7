import { Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';

interface FormModalProps {
  /** The form inside: the OK button submits it, and it starts afresh once the dialog has closed. */
  form: FormInstance;
  title: string;
  open: boolean;
  okText: string;
  cancelText?: string;
  saving: boolean;
  onCancel: () => void;
  children: ReactNode;
}

/** A dialog asking through a form, mounted while closed so the form is there to be reset and filled. */
export function FormModal({ form, title, open, okText, cancelText = '취소', saving, onCancel, children }: FormModalProps) {
  return (
    <Modal
      title={title}
      open={open}
      okText={okText}
      cancelText={cancelText}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      afterClose={() => form.resetFields()}
      forceRender
    >
      {children}
    </Modal>
  );
}
