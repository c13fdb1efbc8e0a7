import { Alert, Button, Card, Descriptions, Result, Space, Spin, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ConflictsTable } from '../../../components/booking/ConflictsTable';
import { hasQuote, won, type Quote } from '../../../components/booking/quoteLines';
import { QuotePanel } from '../../../components/booking/QuotePanel';
import { CAMPAIGN_STATUS_COLORS } from '../../../components/code/campaignStatusColors';
import { CodeTag } from '../../../components/code/CodeTag';
import { periodText } from '../../../components/common/periodColumn';
import { FormActions } from '../../../components/form/FormActions';
import type { Row, RowAction } from '../../../components/resource/definition';
import { FieldValue } from '../../../components/resource/FieldValue';
import { useResourceDetail } from '../../../components/resource/resourceApi';
import { RowActions } from '../../../components/resource/RowActions';
import { campaignPath, listOfStatus, type CampaignListKind } from '../../../lib/campaignStatus';
import { campaignListDefinition } from '../listDefinition';
import { refusalOf, type Refusal } from '../refusal';
import { CampaignReport } from '../report/CampaignReport';
import { allows, statusAfter, type CampaignAction } from './campaignActions';
import { ChangesTable } from './ChangesTable';
import { HistoryTimeline } from './HistoryTimeline';
import { MaterialPlayers } from './MaterialPlayers';
import '../campaign.css';

type ViewKind = Exclude<CampaignListKind, 'temp'>;

const list = (row: Row, field: string) => (Array.isArray(row[field]) ? (row[field] as Row[]) : []);

function summaryItems(row: Row) {
  const value = (field: string, shape = {}) => <FieldValue shape={shape} value={row[field]} row={row} />;
  const extra =
    typeof row.extraValue === 'number' && row.extraValue !== 0
      ? `${row.extraValue > 0 ? '+' : ''}${row.extraValue.toLocaleString('ko-KR')}${row.extraType === 'PCT' ? '%' : '원'}`
      : '없음';
  const items = [
    { key: 'cmpgId', label: '캠페인 ID', children: value('cmpgId') },
    { key: 'cmpgTitle', label: '캠페인명', children: value('cmpgTitle') },
    { key: 'advertiser', label: '광고주', children: value('advertiserCName') },
    { key: 'agent', label: '대행사 / 영업 담당자', children: `${String(row.agentCName ?? '-')} / ${String(row.salesUName ?? '-')}` },
    { key: 'platform', label: '플랫폼', children: value('platform', { cdKey: 'PLATFORM' }) },
    { key: 'product', label: '패키지 / 상품', children: `${String(row.pkgNm ?? row.pkgId ?? '')} / ${String(row.prdNm ?? row.prdId ?? '')}` },
    { key: 'period', label: '기간', children: periodText(row, 'startDate', 'endDate') },
    {
      key: 'slots',
      label: '구좌 / 편성 비율',
      children: (
        <>
          {String(row.slotCnt ?? '')}구좌 / <FieldValue shape={{ cdKey: 'SCHD_RATE' }} value={row.schdRate} />
        </>
      ),
    },
    { key: 'extra', label: '추가 할인/할증', children: extra },
    { key: 'createdAt', label: '등록일시', children: value('createdAt', { kind: 'dateTime' }) },
    { key: 'requestedAt', label: '요청일시', children: value('requestedAt', { kind: 'dateTime' }) },
    { key: 'approvedAt', label: '승인일시', children: value('approvedAt', { kind: 'dateTime' }) },
    { key: 'memo', label: '메모', span: 2, children: value('memo', { kind: 'textarea' }) },
  ];
  if (row.rejectReason) items.push({ key: 'rejectReason', label: '반려 사유', span: 2, children: value('rejectReason', { kind: 'textarea' }) });
  return items;
}

/** What a refused action carries beyond its (already alerted) message. */
function RefusalNotice({ refusal, groupNames, onClose }: { refusal: Refusal; groupNames: Record<number, string | undefined>; onClose: () => void }) {
  const description =
    refusal.kind === 'points'
      ? `포인트 잔액 ${won(refusal.balance)}, 필요한 금액 ${won(refusal.required)} (부족 ${won(Math.max(0, refusal.required - refusal.balance))})`
      : refusal.kind === 'conflicts' && <ConflictsTable conflicts={refusal.conflicts} groupNames={groupNames} />;
  return <Alert type="error" showIcon closable={{ onClose }} className="campaign-alert refusal" title={refusal.message} description={description || undefined} />;
}

/**
 * The view of a requested, running or ended campaign (`?cmpgId=`): summary, price, targets, materials to
 * play, what it played (running and ended ones), change requests and history, with the actions its
 * detail allows the caller now. An action that moves the campaign to another list follows it there.
 */
export function CampaignViewPage({ kind }: { kind: ViewKind }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const cmpgId = searchParams.get('cmpgId');
  const definition = useMemo(() => campaignListDefinition(kind), [kind]);
  const detail = useResourceDetail(definition, cmpgId);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const listPath = `/campaign/${kind}/list`;

  if (cmpgId !== null && detail.isPending) return <Spin />;
  const row = detail.data;
  if (!row) return <Result status="404" title="캠페인을 찾을 수 없습니다." extra={<Button onClick={() => navigate(listPath)}>목록</Button>} />;

  const targets = list(row, 'targets');
  const groupNames = Object.fromEntries(targets.map((target) => [Number(target.mgId), target.mgNm as string | undefined]));

  const followed = (action: RowAction) => {
    setRefusal(null);
    const next = statusAfter(action.key as CampaignAction, row);
    if (next === null) return;
    const nextKind = listOfStatus(next);
    if (nextKind === kind) return;
    // A rejected campaign goes back to its writer; whoever rejected it returns to the requests.
    navigate(nextKind === null || nextKind === 'temp' ? listPath : campaignPath(next, row.cmpgId), { replace: true });
  };

  const editPath = `/campaign/${listOfStatus(Number(row.cmpgStatus)) === 'request' ? 'request' : 'temp'}/write?cmpgId=${String(row.cmpgId)}`;

  return (
    <div className="campaign-view">
      <Space className="screen-heading">
        <Typography.Title level={4}>{String(row.cmpgTitle ?? '캠페인')}</Typography.Title>
        <CodeTag cdKey="CMPG_STATUS" value={row.displayStatus ?? row.cmpgStatus} colors={CAMPAIGN_STATUS_COLORS} />
      </Space>
      {refusal && <RefusalNotice refusal={refusal} groupNames={groupNames} onClose={() => setRefusal(null)} />}
      <FormActions onBack={() => navigate(listPath)} backLabel="목록">
        <RowActions definition={definition} row={row} onDone={followed} onFailed={(_action, error) => setRefusal(refusalOf(error))} />
        {allows(row, 'save') && <Button onClick={() => navigate(editPath)}>수정</Button>}
        {allows(row, 'change') && (
          <Button type="primary" onClick={() => navigate(`/campaign/run/modify?cmpgId=${String(row.cmpgId)}`)}>
            변경 요청
          </Button>
        )}
      </FormActions>
      <div className="campaign-view-grid">
        <div className="campaign-view-main">
          <Descriptions bordered size="small" column={2} items={summaryItems(row)} className="campaign-summary" />
          <Card size="small" title={`대상 매체 그룹 (${targets.length})`} className="campaign-section">
            <Table<Row>
              size="small"
              rowKey={(target) => String(target.mgId)}
              dataSource={targets}
              pagination={false}
              columns={[
                { key: 'mgId', dataIndex: 'mgId', title: 'ID', width: 70 },
                { key: 'mgNm', dataIndex: 'mgNm', title: '매체 그룹' },
                { key: 'poiNm', dataIndex: 'poiNm', title: '사이트' },
                { key: 'mediaCnt', dataIndex: 'mediaCnt', title: '매체 수', width: 80 },
                { key: 'templateType', title: '템플릿', render: (_value, target) => <FieldValue shape={{ cdKey: 'TEMPLATE_TYPE' }} value={target.templateType} /> },
              ]}
            />
          </Card>
          <Card size="small" title="소재" className="campaign-section">
            <MaterialPlayers materials={list(row, 'materials')} />
          </Card>
          {kind !== 'request' && <CampaignReport row={row} />}
          <Card size="small" title="변경 요청" className="campaign-section">
            <ChangesTable definition={definition} cmpgId={row.cmpgId} changes={list(row, 'changes')} marked={searchParams.get('chgIdx')} />
          </Card>
        </div>
        <aside className="campaign-view-side">
          <QuotePanel title="금액" quote={hasQuote(row) ? (row as unknown as Quote) : null} schdRate={Number(row.schdRate) || null} />
          <Card size="small" title="이력" className="campaign-section">
            <HistoryTimeline history={list(row, 'history')} />
          </Card>
        </aside>
      </div>
    </div>
  );
}

export const RequestViewScreen = () => <CampaignViewPage kind="request" />;
export const RunViewScreen = () => <CampaignViewPage kind="run" />;
export const EndViewScreen = () => <CampaignViewPage kind="end" />;
