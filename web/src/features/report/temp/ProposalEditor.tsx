import { Button, Card, Form, Input, InputNumber, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { CodeSelect } from '../../../components/code/CodeSelect';
import type { Row } from '../../../components/resource/definition';
import { useSaveResource } from '../../../components/resource/resourceApi';
import { ApiError, fieldErrorsOf } from '../../../lib/api/envelope';
import { notifySuccess } from '../../../lib/notify';
import { usePermissions } from '../../../lib/permission';
import { useSessionUser } from '../../../lib/session/sessionStore';
import { useQuote } from '../../campaign/api';
import { QuotePanel } from '../../campaign/quote/QuotePanel';
import { proposalDefinition } from './definition';
import {
  fromProposalDetail,
  missingProposalFields,
  newProposalValues,
  proposalFieldOf,
  proposalQuoteBody,
  toProposalBody,
  type ProposalValues,
} from './proposalForm';
import { proposalViewPath } from './paths';
import { BookingCards } from '../../campaign/write/BookingCards';

const FIELDS: (keyof ProposalValues)[] = ['title', 'advertiserName', 'pkgId', 'prdId', 'period', 'slotCnt', 'schdRate', 'targets', 'extraValue', 'memo'];

function problemOf(error: unknown): string | null {
  if (!error) return null;
  const fieldErrors = Object.values(fieldErrorsOf(error));
  const message = error instanceof ApiError ? error.message : '견적을 계산하지 못했습니다.';
  return fieldErrors.length > 0 ? `${message} ${fieldErrors.join(' ')}` : message;
}

interface ProposalEditorProps {
  /** The stored proposal, or null for a new one. */
  rtIdx: number | null;
  detail: Row | null;
}

/**
 * The proposal editor: for whom, on which product and days, with how many slots and where, priced
 * live with the campaign quote as it is written. Saving opens the proposal as a document.
 */
export function ProposalEditor({ rtIdx, detail }: ProposalEditorProps) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const [form] = Form.useForm<ProposalValues>();
  const save = useSaveResource(proposalDefinition);
  const granted = usePermissions(proposalDefinition.program);
  const mayWrite = rtIdx === null ? granted.write : granted.update;

  const initialValues = useMemo<ProposalValues>(() => {
    const fresh = newProposalValues(user?.platform === undefined ? null : String(user.platform));
    return detail ? { ...fresh, ...fromProposalDetail(detail), platform: fresh.platform } : fresh;
    // The editor starts once, from the proposal it opened.
  }, []);
  const watched = Form.useWatch([], { form, preserve: true }) as ProposalValues | undefined;
  const values: ProposalValues = { ...initialValues, ...watched };
  const quote = useQuote(proposalQuoteBody(values));
  const groupNames = Object.fromEntries((values.targets ?? []).map((line) => [line.mgId, line.mgNm]));

  const submit = async () => {
    const current: ProposalValues = { ...initialValues, ...form.getFieldsValue(true) };
    const missing = missingProposalFields(current);
    form.setFields(FIELDS.map((name) => ({ name, errors: missing[name] ? [missing[name]] : [] })));
    if (Object.keys(missing).length > 0) return;
    let saved: Row;
    try {
      saved = await save.mutateAsync({ row: toProposalBody(current, rtIdx) });
    } catch (error) {
      // Alerted by the client library; the fields it names show the reasons.
      const byField = new Map<string, string[]>();
      for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
        const name = proposalFieldOf(field);
        byField.set(name, [...(byField.get(name) ?? []), message]);
      }
      form.setFields([...byField].map(([name, errors]) => ({ name: name as keyof ProposalValues, errors })));
      return;
    }
    notifySuccess('저장했습니다.');
    navigate(proposalViewPath(Number(saved.rtIdx ?? rtIdx)));
  };

  return (
    <Form<ProposalValues>
      form={form}
      name="proposal"
      layout="vertical"
      initialValues={initialValues}
      disabled={!mayWrite}
      className="campaign-write proposal-write"
    >
      <div className="campaign-write-main">
        <Card size="small" title="제안 정보" className="campaign-section">
          <div className="form-grid">
            <Form.Item name="title" label="제목" required className="wide">
              <Input maxLength={100} placeholder="예: 봄맞이 입주민 행사 광고 제안" />
            </Form.Item>
            <Form.Item name="advertiserName" label="광고주명" required extra="등록되지 않은 광고주도 이름으로 적을 수 있습니다.">
              <Input maxLength={100} />
            </Form.Item>
          </div>
        </Card>
        <BookingCards values={values} />
        <Card size="small" title="추가 조정과 메모" className="campaign-section">
          <div className="form-grid">
            <Form.Item label="추가 할인/할증" extra="음수는 할인, 양수는 할증입니다.">
              <Space.Compact>
                <Form.Item name="extraType" noStyle>
                  <CodeSelect cdKey="EXTRA_TYPE" aria-label="할인/할증 단위" style={{ width: 90 }} />
                </Form.Item>
                <Form.Item name="extraValue" noStyle>
                  {/* Proposals keep whole numbers, percent or won. */}
                  <InputNumber aria-label="할인/할증 값" precision={0} style={{ width: 180 }} placeholder="0" />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
            <Form.Item name="memo" label="메모" className="wide" extra="제안서에 함께 인쇄됩니다.">
              <Input.TextArea rows={3} maxLength={2000} showCount />
            </Form.Item>
          </div>
        </Card>
        <div className="form-actions">
          <Space>
            <Button disabled={false} onClick={() => navigate('/report/temp/list')}>
              목록
            </Button>
            {rtIdx !== null && (
              <Button disabled={false} onClick={() => navigate(proposalViewPath(rtIdx))}>
                제안서 보기
              </Button>
            )}
          </Space>
          {mayWrite && (
            <Button type="primary" onClick={() => void submit()} loading={save.isPending}>
              저장
            </Button>
          )}
        </div>
      </div>
      <aside className="campaign-write-side">
        <QuotePanel
          title="실시간 견적"
          quote={quote.asked ? quote.data : null}
          schdRate={values.schdRate}
          conflicts={quote.asked ? (quote.data?.conflicts ?? []) : []}
          groupNames={groupNames}
          updating={quote.asked && (quote.settling || quote.isFetching)}
          problem={quote.asked && !quote.settling ? problemOf(quote.error) : null}
          empty={<Typography.Text type="secondary">상품, 기간, 구좌 수와 매체 그룹을 고르면 견적이 계산됩니다.</Typography.Text>}
        />
      </aside>
    </Form>
  );
}
