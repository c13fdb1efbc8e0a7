import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { type Pairing, savePairing } from './deviceStore';
import { registerPlayer, type Answer } from './playerApi';
import { PLAYER_VERSION } from './version';

function failure(answer: Answer<unknown>): string {
  if (answer.kind === 'refused' && answer.code === 10404) return '등록된 디바이스가 없거나 매체에 연결되지 않은 시리얼 번호입니다.';
  if (answer.kind === 'refused') return answer.message;
  return '서버에 연결할 수 없습니다. 잠시 후 다시 시도하세요.';
}

/** Asked once: the serial of the device this screen is, registered with this browser's ssaid. */
export function PairingForm({ pairing, onPaired }: { pairing: Pairing; onPaired: (pairing: Pairing) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async ({ serial }: { serial: string }) => {
    const dvcSnNum = serial.trim();
    // The ssaid is this browser's for good, registered or not.
    savePairing({ ...pairing, serial: dvcSnNum, token: null });
    setBusy(true);
    setError(null);
    const answer = await registerPlayer({ dvcSnNum, ssaid: pairing.ssaid, osType: 'WEB', playerVersion: PLAYER_VERSION });
    setBusy(false);
    if (answer.kind === 'ok') onPaired({ serial: dvcSnNum, ssaid: pairing.ssaid, token: answer.data.deviceToken });
    else setError(failure(answer));
  };

  return (
    <main className="player-pairing">
      <section className="player-pairing-card">
        <h1>플레이어 등록</h1>
        <p>이 화면에 연결된 디바이스의 시리얼 번호를 입력하세요. 한 번 등록하면 이 브라우저가 기억합니다.</p>
        <Form layout="vertical" initialValues={{ serial: pairing.serial }} onFinish={(values: { serial: string }) => void submit(values)} requiredMark={false}>
          <Form.Item name="serial" label="디바이스 시리얼 번호" rules={[{ required: true, whitespace: true, message: '시리얼 번호를 입력하세요.' }]}>
            <Input autoFocus autoComplete="off" maxLength={50} />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} className="player-pairing-error" />}
          <Button type="primary" htmlType="submit" loading={busy} block>
            등록
          </Button>
        </Form>
        <p className="player-pairing-ssaid">SSAID {pairing.ssaid}</p>
      </section>
    </main>
  );
}
