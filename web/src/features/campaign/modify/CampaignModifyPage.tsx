import { Alert, Button, Card, Descriptions, Form, Input, Result, Spin, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ConflictsTable } from '../../../components/booking/ConflictsTable';
import { TargetsField } from '../../../components/booking/TargetsField';
import { CodeRadio } from '../../../components/code/CodeRadio';
import { DateField } from '../../../components/form/DateField';
import { FormActions } from '../../../components/form/FormActions';
import type { Row } from '../../../components/resource/definition';
import { resourceKey, useResourceDetail } from '../../../components/resource/resourceApi';
import { postJson } from '../../../lib/api/client';
import { fieldErrorsOf, unwrap } from '../../../lib/api/envelope';
import { dayOf } from '../../../lib/dates';
import { notifySuccess } from '../../../lib/notify';
import { campaignListDefinition } from '../listDefinition';
import { refusalOf, type Refusal } from '../refusal';
import { changeSummary } from '../view/changeSummary';
import { fromDetail } from '../write/campaignForm';
import { MaterialsField } from '../write/MaterialsField';
import { WriteType, type ChangeWriteType } from '../writeType';
import { changeProblems, remainingPeriod, toChangeBody, type ChangeValues } from './changeBody';
import '../campaign.css';

const WRITE_TYPES = ['1', '2', '3'];

/**
 * A change request of an approved or live campaign (`?cmpgId=`): other target groups (their free days
 * from tomorrow shown), other materials, or an earlier end. It applies from tomorrow once approved;
 * the answer tells the price difference or the refund.
 */
export default function CampaignModifyPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const cmpgId = searchParams.get('cmpgId');
  const definition = useMemo(() => campaignListDefinition('run'), []);
  const detail = useResourceDetail(definition, cmpgId);
  const queryClient = useQueryClient();
  const [edited, setEdited] = useState<Partial<ChangeValues>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<Row | null>(null);

  if (cmpgId !== null && detail.isPending) return <Spin />;
  const row = detail.data;
  if (!row) return <Result status="404" title="캠페인을 찾을 수 없습니다." extra={<Button onClick={() => navigate('/campaign/run/list')}>목록</Button>} />;

  const stored = fromDetail(row);
  const values: ChangeValues = {
    writeType: WriteType.targets,
    targets: stored.targets ?? [],
    materials: stored.materials ?? [],
    endDate: null,
    reason: '',
    ...edited,
  };
  const dates = { startDate: String(row.startDate), endDate: String(row.endDate), today: dayOf() };
  const period = remainingPeriod(dates);
  const viewPath = `/campaign/run/view?cmpgId=${String(row.cmpgId)}`;
  const edit = (change: Partial<ChangeValues>) => {
    setEdited((current) => ({ ...current, ...change }));
    setProblems({});
    setRefusal(null);
  };

  const submit = async () => {
    const found = changeProblems(values, dates);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      const answer = unwrap(await postJson<Row | null>('/api/campaign/run/jsonChange.do', toChangeBody(Number(row.cmpgId), values)));
      // The detail, asked again, lists the new change with its price difference or refund.
      await queryClient.invalidateQueries({ queryKey: resourceKey(definition) });
      const refreshed = queryClient.getQueryData<Row>([...resourceKey(definition), 'detail', cmpgId]);
      const change = (Array.isArray(refreshed?.changes) ? (refreshed.changes as Row[]) : []).find((other) => String(other.chgIdx) === String(answer?.chgIdx));
      setSent({ ...answer, ...change, writeType: values.writeType, targets: values.targets, materials: values.materials, endDate: values.endDate });
      notifySuccess('변경을 요청했습니다.');
    } catch (error) {
      setProblems(fieldErrorsOf(error));
      setRefusal(refusalOf(error));
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <Result
        status="success"
        title="변경을 요청했습니다."
        subTitle={`${changeSummary(sent)} — 승인되면 내일부터 적용됩니다.`}
        extra={
          <Button type="primary" onClick={() => navigate(`${viewPath}&chgIdx=${String(sent.chgIdx ?? '')}`)}>
            캠페인 보기
          </Button>
        }
      />
    );
  }

  const groupNames = Object.fromEntries(values.targets.map((line) => [line.mgId, line.mgNm]));
  const itemStatus = (field: string) => (problems[field] ? { validateStatus: 'error' as const, help: problems[field] } : {});

  return (
    <div className="campaign-modify">
      <Typography.Title level={4}>변경 요청: {String(row.cmpgTitle ?? '')}</Typography.Title>
      <Descriptions
        bordered
        size="small"
        column={3}
        items={[
          { key: 'period', label: '기간', children: `${dates.startDate} ~ ${dates.endDate}` },
          { key: 'targets', label: '현재 대상', children: `${stored.targets?.length ?? 0}개 그룹` },
          { key: 'materials', label: '현재 소재', children: `${stored.materials?.length ?? 0}개` },
        ]}
      />
      {refusal && (
        <Alert
          type="error"
          showIcon
          className="campaign-alert refusal"
          title={refusal.message}
          description={refusal.kind === 'conflicts' ? <ConflictsTable conflicts={refusal.conflicts} groupNames={groupNames} /> : undefined}
        />
      )}
      <Form layout="vertical" className="campaign-modify-form">
        <Form.Item label="변경 유형" required>
          <CodeRadio cdKey="CMPG_WRITE_TYPE" valueType="number" codes={WRITE_TYPES} value={values.writeType} onChange={(writeType) => edit({ writeType: writeType as ChangeWriteType })} />
        </Form.Item>
        {values.writeType === WriteType.targets && (
          <Card size="small" title="새 대상 매체 그룹" className="campaign-section">
            <Form.Item {...itemStatus('targets')}>
              {period ? (
                <TargetsField value={values.targets} onChange={(targets) => edit({ targets })} period={period} slotCnt={stored.slotCnt} schdRate={stored.schdRate} cmpgId={Number(row.cmpgId)} />
              ) : (
                <Alert type="warning" showIcon title="남은 방송일이 없어 대상을 바꿀 수 없습니다." />
              )}
            </Form.Item>
            <Typography.Text type="secondary">가용 현황은 내일부터 종료일까지입니다. 금액 차이는 요청 후 표시됩니다.</Typography.Text>
          </Card>
        )}
        {values.writeType === WriteType.materials && (
          <Card size="small" title="새 소재" className="campaign-section">
            <Form.Item {...itemStatus('materials')}>
              <MaterialsField
                value={values.materials}
                onChange={(materials) => edit({ materials })}
                advertiserCId={stored.advertiserCId}
                templateTypes={values.targets.flatMap((line) => (line.templateType === undefined ? [] : [line.templateType]))}
              />
            </Form.Item>
          </Card>
        )}
        {values.writeType === WriteType.midTermination && (
          <Card size="small" title="중도 해지" className="campaign-section">
            <Form.Item label="새 종료일" htmlFor="change-endDate" required extra={`현재 종료일 ${dates.endDate}. 내일 이후, 현재 종료일 이전이어야 합니다.`} {...itemStatus('endDate')}>
              <DateField id="change-endDate" value={values.endDate} onChange={(endDate) => edit({ endDate })} />
            </Form.Item>
            <Typography.Text type="secondary">선불 광고주에게는 남은 기간만큼 포인트가 환불됩니다. 환불액은 요청 후 표시됩니다.</Typography.Text>
          </Card>
        )}
        <Form.Item label="사유" htmlFor="change-reason" {...itemStatus('reason')}>
          <Input.TextArea id="change-reason" rows={3} maxLength={500} showCount value={values.reason} onChange={(event) => edit({ reason: event.target.value })} />
        </Form.Item>
      </Form>
      <FormActions onBack={() => navigate(viewPath)} saveLabel="변경 요청" onSave={() => void submit()} saving={sending} />
    </div>
  );
}
