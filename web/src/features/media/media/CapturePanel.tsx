import { CameraOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Typography } from 'antd';
import type { Row } from '../../../components/resource/definition';
import { formatDateTime } from '../../../lib/dates';
import { useCapture } from './useCapture';

/** The screen's current picture, asked from its player on demand. */
export function CapturePanel({ row }: { row: Row }) {
  const { state, request } = useCapture(Number(row.mediaId));
  const busy = state.phase === 'requesting' || state.phase === 'pending';
  return (
    <Space orientation="vertical" size="middle" className="capture-panel">
      <Space>
        <Button icon={<CameraOutlined />} loading={busy} onClick={() => void request()}>
          {busy ? '캡처 중' : '화면 캡처 요청'}
        </Button>
        {busy && <Typography.Text type="secondary">플레이어의 응답을 기다리는 중입니다. (최대 2분)</Typography.Text>}
      </Space>
      {state.phase === 'done' && (
        <figure className="capture-image">
          <img src={state.imageUrl} alt="화면 캡처" />
          {state.doneAt && <figcaption className="secondary-text">{formatDateTime(state.doneAt)} 캡처</figcaption>}
        </figure>
      )}
      {state.phase === 'timeout' && (
        <Alert type="warning" showIcon title="2분 안에 플레이어가 응답하지 않았습니다. 매체가 켜져 있는지 확인한 뒤 다시 요청해 주세요." />
      )}
      {state.phase === 'failed' && <Alert type="error" showIcon title="캡처를 요청하지 못했습니다." />}
    </Space>
  );
}
