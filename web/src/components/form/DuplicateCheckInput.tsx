import { Button, Form, Input, Space } from 'antd';
import { useState, type ChangeEvent } from 'react';
import { postJson } from '../../lib/api/client';
import { unwrap } from '../../lib/api/envelope';
import { notifySuccess } from '../../lib/notify';
import type { DuplicateCheck, Row } from '../resource/definition';

interface DuplicateCheckInputProps {
  check: DuplicateCheck;
  /** The form field this input edits, where a taken value is reported. */
  fieldName: string;
  values: Row;
  normalize?: (text: string) => string;
  id?: string;
  value?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  maxLength?: number;
  placeholder?: string;
  disabled?: boolean;
}

/** A text input with a '중복 확인' button asking the server whether the value is still free. */
export function DuplicateCheckInput({ check, fieldName, values, normalize, disabled, ...input }: DuplicateCheckInputProps) {
  const form = Form.useFormInstance();
  const [checking, setChecking] = useState(false);

  const ask = async () => {
    try {
      await form.validateFields([fieldName]);
    } catch {
      return; // the field shows why it cannot be checked yet
    }
    const typed = String(form.getFieldValue(fieldName) ?? '').trim();
    setChecking(true);
    try {
      const { dupYn } = unwrap(await postJson<{ dupYn: string }>(check.url, check.body(normalize ? normalize(typed) : typed, values)));
      if (dupYn === 'Y') form.setFields([{ name: fieldName, errors: [check.takenMessage] }]);
      else notifySuccess(check.freeMessage);
    } catch {
      // the failure was alerted by the client library
    } finally {
      setChecking(false);
    }
  };

  return (
    <Space.Compact className="duplicate-check-input">
      <Input disabled={disabled} {...input} />
      <Button onClick={ask} loading={checking} disabled={disabled}>
        중복 확인
      </Button>
    </Space.Compact>
  );
}
