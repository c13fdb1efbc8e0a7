import { Tag } from 'antd';
import { RegionName } from '../../../components/region/RegionName';
import type { Row } from '../../../components/resource/definition';
import { formatDateTime } from '../../../lib/dates';
import { RowScreen } from '../RowScreen';
import { countText, targetText, urgentMsgDefinition } from './definition';
import { storedSites } from './urgentBody';
import { UrgentMsgEditor } from './UrgentMsgEditor';
import { UrgentStatusTag } from './UrgentStatusTag';

/** The regions or sites a stored message targets, as tags. */
function Targets({ row }: { row: Row }) {
  if (row.targetType === 'poi') return <>{storedSites(row).map((site) => <Tag key={site.poiId}>{site.poiNm ?? site.poiId}</Tag>)}</>;
  if (row.targetType === 'sido' || row.targetType === 'sigungu') {
    const codes = Array.isArray(row.rgnCds) ? (row.rgnCds as unknown[]).map(String) : [];
    return (
      <>
        {codes.map((code) => (
          <Tag key={code}>
            <RegionName code={code} />
          </Tag>
        ))}
      </>
    );
  }
  return <>모든 화면</>;
}

/** How far a message has reached: screens that received it (push or heartbeat) and that confirmed showing it. */
export function ReachText({ reach }: { reach: unknown }) {
  const r = (reach ?? {}) as { targets?: number; delivered?: number; acknowledged?: number; lastAckAt?: string | null };
  const percent = (n: number | undefined) => (r.targets ? ` (${Math.floor(((n ?? 0) * 1000) / r.targets) / 10}%)` : '');
  return (
    <span data-reach>
      수신 {countText(r.delivered ?? 0)}
      {percent(r.delivered)} · 확인 {countText(r.acknowledged ?? 0)}
      {percent(r.acknowledged)}
      {r.lastAckAt ? ` · 마지막 확인 ${formatDateTime(r.lastAckAt)}` : ''}
    </span>
  );
}

const describe = (row: Row) => [
  { key: 'text', label: '메시지', span: 2, children: <span className="preserve-lines">{String(row.text ?? '')}</span> },
  { key: 'status', label: '상태', children: <UrgentStatusTag status={row.status} /> },
  { key: 'screens', label: '대상 화면', children: countText(row.screens) },
  { key: 'reach', label: '수신 / 확인', children: <ReachText reach={row.reach} /> },
  { key: 'startAt', label: '시작 일시', children: formatDateTime(row.startAt as string | null) },
  { key: 'endAt', label: '종료 일시', children: formatDateTime(row.endAt as string | null) },
  { key: 'targetType', label: '대상', children: targetText(row.targetType, row.targetCnt) },
  { key: 'targets', label: '대상 목록', children: <Targets row={row} /> },
  {
    key: 'imageUrl',
    label: '이미지',
    span: 2,
    children: row.imageUrl ? <img className="stored-image" src={String(row.imageUrl)} alt="긴급 메시지 이미지" /> : '없음',
  },
  { key: 'createdAt', label: '등록일시', span: 2, children: formatDateTime(row.createdAt as string | null) },
];

/** An urgent message: read with its status, stopped while it waits or shows, registered and modified in its own form. */
export default function UrgentMsgPage() {
  return <RowScreen definition={urgentMsgDefinition} describe={describe} Editor={UrgentMsgEditor} />;
}
