import { Empty, Timeline, Typography } from 'antd';
import { CodeLabel } from '../../../components/code/CodeLabel';
import type { Row } from '../../../components/resource/definition';
import { formatDateTime } from '../../../lib/dates';
import { actionLabel, actorLabel } from '../../../lib/history';

const COLORS: Record<string, string> = { approve: 'green', reject: 'red', cancel: 'red', stop: 'red', delete: 'gray', request: 'blue' };

/** Every status change of the campaign, oldest first: who did what, when, from which status to which, and why. */
export function HistoryTimeline({ history }: { history: Row[] }) {
  if (history.length === 0) return <Empty description="이력이 없습니다." />;
  return (
    <Timeline
      className="campaign-history"
      items={history.map((entry, index) => ({
        key: `${String(entry.createdAt)}-${index}`,
        color: COLORS[String(entry.action)] ?? 'blue',
        content: (
          <div className="history-entry">
            <div className="secondary-text">{formatDateTime(entry.createdAt as string | null)}</div>
            <strong>{actionLabel(entry.action, 'campaign')}</strong>{' '}
            <span className="secondary-text">
              {entry.from === null || entry.from === undefined ? '신규' : <CodeLabel cdKey="CMPG_STATUS" value={entry.from} />} →{' '}
              <CodeLabel cdKey="CMPG_STATUS" value={entry.to} /> · {actorLabel(entry.uId)}
            </span>
            {typeof entry.reason === 'string' && entry.reason !== '' && <Typography.Paragraph className="history-reason">사유: {entry.reason}</Typography.Paragraph>}
          </div>
        ),
      }))}
    />
  );
}
