import { Tag } from 'antd';
import { EXEC_STATUS_COLORS, EXEC_STATUS_LABELS } from './execStatus';

/** A generation's status as a coloured tag. */
export function ExecStatusTag({ status }: { status: unknown }) {
  if (status === null || status === undefined) return null;
  const code = String(status);
  return <Tag color={EXEC_STATUS_COLORS[code]}>{EXEC_STATUS_LABELS[Number(code)] ?? code}</Tag>;
}
