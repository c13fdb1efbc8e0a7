import { Button, Form, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ApiCode } from '../../lib/api/envelope';
import { notifySuccess } from '../../lib/notify';
import type { SessionUser } from '../../lib/session/user';
import { loginWithSmsCode, resendSmsCode } from './api';

interface SmsCodeStepProps {
  maskedPhone: string;
  expiresIn: number;
  onLoggedIn: (user: SessionUser) => void;
  onRestart: () => void;
}

function formatRemaining(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The second login step: the code sent by SMS, with its remaining time and a resend button. */
export function SmsCodeStep({ maskedPhone, expiresIn, onLoggedIn, onRestart }: SmsCodeStepProps) {
  const [deadline, setDeadline] = useState(() => Date.now() + expiresIn * 1000);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const remaining = Math.max(0, Math.ceil((deadline - now) / 1000));

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const confirm = async ({ smsCode }: { smsCode: string }) => {
    setBusy(true);
    const answer = await loginWithSmsCode(smsCode.trim());
    setBusy(false);
    if (answer.code === ApiCode.ok && answer.data.user) onLoggedIn(answer.data.user);
  };

  const resend = async () => {
    const answer = await resendSmsCode();
    if (answer.code === ApiCode.ok) {
      setDeadline(Date.now() + (answer.data?.expiresIn ?? expiresIn) * 1000);
      notifySuccess('인증번호를 다시 보냈습니다.');
    }
  };

  return (
    <Form layout="vertical" onFinish={confirm}>
      <Typography.Paragraph>
        {maskedPhone}(으)로 보낸 인증번호 6자리를 입력해 주세요.
        <br />
        {remaining > 0 ? `남은 시간 ${formatRemaining(remaining)}` : '인증 시간이 지났습니다. 재전송해 주세요.'}
      </Typography.Paragraph>
      <Form.Item
        name="smsCode"
        label="인증번호"
        rules={[{ required: true, pattern: /^\d{6}$/, message: '숫자 6자리를 입력해 주세요.' }]}
      >
        <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" autoFocus />
      </Form.Item>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Button type="primary" htmlType="submit" block loading={busy} disabled={remaining === 0}>
          확인
        </Button>
        <Space>
          <Button onClick={resend}>재전송</Button>
          <Button type="link" onClick={onRestart}>
            처음부터 다시
          </Button>
        </Space>
      </Space>
    </Form>
  );
}
