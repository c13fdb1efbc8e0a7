import { Alert, Descriptions, Progress } from 'antd';
import { formatDateTime } from '../../../lib/dates';
import { EXEC_STATUS } from '../execStatus';
import { ExecStatusTag } from '../ExecStatusTag';
import { useExecProgress } from './useExecProgress';

/** How a generation job goes: its progress until it is done, or why it failed. */
export function GenerationProgress({ execIdx }: { execIdx: number }) {
  const { data } = useExecProgress(execIdx);
  if (!data) return <Progress percent={0} status="active" className="generation-progress" />;
  const status = Number(data.status);
  return (
    <div className="generation-progress" aria-live="polite">
      <Progress
        percent={status === EXEC_STATUS.done ? 100 : Math.round(Number(data.progress) || 0)}
        status={status === EXEC_STATUS.failed ? 'exception' : status === EXEC_STATUS.done ? 'success' : 'active'}
      />
      <Descriptions
        size="small"
        column={3}
        items={[
          { key: 'execNm', label: '실행', children: data.execNm ?? `#${data.execIdx}` },
          { key: 'status', label: '상태', children: <ExecStatusTag status={data.status} /> },
          { key: 'scope', label: '대상', children: `${data.groups ?? 0}개 그룹 × ${data.days ?? 0}일` },
          { key: 'createdAt', label: '시작', children: formatDateTime(data.createdAt ?? null) },
          { key: 'finishedAt', label: '종료', children: formatDateTime(data.finishedAt ?? null) },
          { key: 'uName', label: '실행자', children: data.uName ?? '' },
        ]}
      />
      {status === EXEC_STATUS.done && <Alert type="success" showIcon title="편성을 생성했습니다." />}
      {status === EXEC_STATUS.failed && <Alert type="error" showIcon title="편성 생성에 실패했습니다." description={data.error ?? undefined} />}
    </div>
  );
}
