import { Tag } from 'antd';
import { URGENT_STATUS_COLORS, URGENT_STATUS_LABELS } from './urgentCodes';

/** An urgent message's status as a coloured tag. */
export function UrgentStatusTag({ status }: { status: unknown }) {
  if (status === null || status === undefined) return null;
  return (
    <Tag color={URGENT_STATUS_COLORS[String(status)]} className="code-tag">
      {URGENT_STATUS_LABELS[Number(status)] ?? String(status)}
    </Tag>
  );
}
