import { Tag } from 'antd';
import { CONTENT_STATUS_COLORS, CONTENT_STATUS_LABELS } from './contentCodes';

/** Whether a content plays (사용) or not (중지), as a tag. */
export function ContentStatusTag({ status }: { status: unknown }) {
  if (status === null || status === undefined) return null;
  return <Tag color={CONTENT_STATUS_COLORS[Number(status)]}>{CONTENT_STATUS_LABELS[Number(status)] ?? String(status)}</Tag>;
}
