import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiCode, ApiError } from '../../lib/api/envelope';
import { alertMessage } from '../../lib/notify';
import { mustChangePassword } from '../../lib/session/initialPassword';
import { openPasswordDialog } from '../../lib/session/passwordDialog';
import { startSession } from '../../lib/session/sessionStore';
import type { SessionUser } from '../../lib/session/user';
import { loginWithPassword } from './api';
import { CaptchaField } from './CaptchaField';
import { SmsCodeStep } from './SmsCodeStep';

interface Credentials {
  uId: string;
  uPw: string;
  captcha?: string;
}

interface SmsStep {
  maskedPhone: string;
  expiresIn: number;
}

/** Login: id and password (RSA-encrypted), a captcha after repeated failures, then an SMS code when required. */
export default function LoginPage() {
  const [form] = Form.useForm<Credentials>();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [captchaStamp, setCaptchaStamp] = useState<number | null>(null);
  const [smsStep, setSmsStep] = useState<SmsStep | null>(null);

  const showNewCaptcha = () => {
    setCaptchaStamp(Date.now());
    form.setFieldValue('captcha', '');
  };

  const finish = (user: SessionUser) => {
    startSession(user);
    navigate('/', { replace: true });
    if (mustChangePassword(user)) openPasswordDialog();
  };

  const submit = async ({ uId, uPw, captcha }: Credentials) => {
    setBusy(true);
    try {
      const answer = await loginWithPassword(uId, uPw, captchaStamp !== null ? captcha : undefined);
      const data = answer.data ?? {};
      if (answer.code === ApiCode.ok && data.user) finish(data.user);
      else if (answer.code === ApiCode.smsSent) {
        setSmsStep({ maskedPhone: data.maskedPhone ?? '', expiresIn: data.expiresIn ?? 180 });
      } else if (answer.code === ApiCode.captchaRequired) showNewCaptcha();
      // A captcha is single use: after any failure with one shown, a new one is needed.
      else if (answer.code === ApiCode.loginFailed && (data.captchaRequired || captchaStamp !== null)) {
        showNewCaptcha();
      }
    } catch (error) {
      // A failed public-key call was alerted by the client library; what remains is the browser's
      // encryption, which exists only on secure (https or local) pages.
      if (!(error instanceof ApiError)) {
        console.error(error);
        alertMessage('로그인 정보를 암호화할 수 없습니다. https 주소로 접속해 주세요.');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login-page">
      <Card className="login-card">
        <Typography.Title level={3} className="login-title">
          타운보드 관리자
        </Typography.Title>
        {smsStep ? (
          <SmsCodeStep
            maskedPhone={smsStep.maskedPhone}
            expiresIn={smsStep.expiresIn}
            onLoggedIn={finish}
            onRestart={() => setSmsStep(null)}
          />
        ) : (
          <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
            <Form.Item name="uId" label="아이디" rules={[{ required: true, message: '아이디를 입력해 주세요.' }]}>
              <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item name="uPw" label="비밀번호" rules={[{ required: true, message: '비밀번호를 입력해 주세요.' }]}>
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
            </Form.Item>
            {captchaStamp !== null && <CaptchaField stamp={captchaStamp} onRefresh={showNewCaptcha} />}
            <Button type="primary" htmlType="submit" block loading={busy}>
              로그인
            </Button>
          </Form>
        )}
      </Card>
    </div>
  );
}
