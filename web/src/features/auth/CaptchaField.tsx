import { ReloadOutlined, SoundOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space } from 'antd';
import { captchaAudioUrl, captchaImageUrl } from './api';

interface CaptchaFieldProps {
  /** Changing it loads a new captcha. */
  stamp: number;
  onRefresh: () => void;
}

/** The captcha asked for after repeated failures: the image, its spoken version, and the answer. */
export function CaptchaField({ stamp, onRefresh }: CaptchaFieldProps) {
  // The audio speaks the captcha the image shows; asking for it does not make a new one.
  const listen = () => void new Audio(captchaAudioUrl(Date.now())).play();

  return (
    <div className="captcha">
      <Space align="center">
        <img src={captchaImageUrl(stamp)} alt="자동입력 방지 문자" className="captcha-image" />
        <Button icon={<ReloadOutlined />} onClick={onRefresh} aria-label="새 문자" title="새 문자" />
        <Button icon={<SoundOutlined />} onClick={listen} aria-label="음성 듣기" title="음성 듣기" />
      </Space>
      <Form.Item
        name="captcha"
        rules={[{ required: true, message: '자동입력 방지 문자를 입력해 주세요.' }]}
        className="captcha-answer"
      >
        <Input placeholder="위 이미지의 문자를 입력" autoComplete="off" />
      </Form.Item>
    </div>
  );
}
