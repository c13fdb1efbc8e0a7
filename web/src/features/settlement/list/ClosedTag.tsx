import { Tag, Tooltip } from 'antd';

/** Whether a month's figures are the stored ones of its closing or computed live from today's data. */
export function ClosedTag({ closed }: { closed: boolean | undefined }) {
  if (closed === undefined) return null;
  return closed ? (
    <Tooltip title="마감 때 저장된 정산 자료입니다.">
      <Tag color="green" className="closed-tag">
        마감
      </Tag>
    </Tooltip>
  ) : (
    <Tooltip title="마감 전이라 현재 자료로 계산한 값입니다. 마감하면 확정됩니다.">
      <Tag color="orange" className="closed-tag">
        실시간 계산
      </Tag>
    </Tooltip>
  );
}
