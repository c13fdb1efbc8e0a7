import { Alert, Button, Card, Progress } from 'antd';
import { CLOSED } from './closingStatus';
import { closingEnded, useClosingProgress } from './api/getClosingProgress';

interface ClosingProgressCardProps {
  month: string;
  onDismiss: () => void;
}

/** The closing of a month as it goes: its progress until the month is closed, or why it failed. */
export function ClosingProgressCard({ month, onDismiss }: ClosingProgressCardProps) {
  const { data } = useClosingProgress(month);
  const closed = data !== undefined && Number(data.status) === CLOSED;
  const error = data?.error ?? null;
  const percent = closed ? 100 : Math.min(100, Math.max(0, Math.round(Number(data?.progress) || 0)));
  const ended = closingEnded(data);
  // Ended neither closed nor failed: the job is gone (a restart), the month stays open.
  const stopped = ended && !closed && error === null;
  return (
    <Card
      size="small"
      className="closing-progress"
      title={`${month} 마감`}
      extra={
        ended ? (
          <Button size="small" onClick={onDismiss}>
            닫기
          </Button>
        ) : null
      }
    >
      <div aria-live="polite">
        <Progress percent={percent} status={error !== null || stopped ? 'exception' : closed ? 'success' : 'active'} />
        {closed && <Alert type="success" showIcon title="마감 완료" description="정산 자료를 저장했습니다. 이 달의 목록은 저장된 자료를 보여 줍니다." />}
        {error !== null && <Alert type="error" showIcon title="마감하지 못했습니다." description={error} />}
        {stopped && <Alert type="warning" showIcon title="마감이 진행되지 않았습니다. 다시 마감해 주세요." />}
        {!ended && <span className="secondary-text">마감 중입니다. 이 화면을 떠나도 마감은 계속됩니다.</span>}
      </div>
    </Card>
  );
}
