import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AdjustmentItem } from '../../../components/booking/AdjustmentItem';
import { toFormErrors } from '../../../components/booking/booking';
import { BookingCards } from '../../../components/booking/BookingCards';
import { LiveQuotePanel } from '../../../components/booking/LiveQuotePanel';
import { FormActions } from '../../../components/form/FormActions';
import type { Row } from '../../../components/resource/definition';
import { useSaveResource } from '../../../components/resource/resourceApi';
import { fieldErrorsOf } from '../../../lib/api/envelope';
import { notifySuccess } from '../../../lib/notify';
import { usePermissions } from '../../../lib/permission';
import { useSessionUser } from '../../../lib/session/sessionStore';
import { proposalDefinition } from './definition';
import { proposalViewPath } from './paths';
import {
  fromProposalDetail,
  missingProposalFields,
  newProposalValues,
  proposalQuoteBody,
  toProposalBody,
  type ProposalValues,
} from './proposalForm';

const FIELDS: (keyof ProposalValues)[] = ['title', 'advertiserName', 'pkgId', 'prdId', 'period', 'slotCnt', 'schdRate', 'targets', 'extraValue', 'memo'];

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

  // The editor starts once, from the proposal it opened.
  const [initialValues] = useState<ProposalValues>(() => {
    const fresh = newProposalValues(user?.platform === undefined ? null : String(user.platform));
    return detail ? { ...fresh, ...fromProposalDetail(detail), platform: fresh.platform } : fresh;
  });
  const watched = Form.useWatch([], { form, preserve: true }) as ProposalValues | undefined;
  const values: ProposalValues = { ...initialValues, ...watched };

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
      form.setFields(toFormErrors(fieldErrorsOf(error)) as Parameters<typeof form.setFields>[0]);
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
            {/* Proposals keep whole numbers, percent or won. */}
            <AdjustmentItem precision={0} />
            <Form.Item name="memo" label="메모" className="wide" extra="제안서에 함께 인쇄됩니다.">
              <Input.TextArea rows={3} maxLength={2000} showCount />
            </Form.Item>
          </div>
        </Card>
        <FormActions
          onBack={() => navigate('/report/temp/list')}
          backLabel="목록"
          beside={
            rtIdx !== null && (
              <Button disabled={false} onClick={() => navigate(proposalViewPath(rtIdx))}>
                제안서 보기
              </Button>
            )
          }
          allowed={mayWrite}
          onSave={() => void submit()}
          saving={save.isPending}
        />
      </div>
      <aside className="campaign-write-side">
        <LiveQuotePanel body={proposalQuoteBody(values)} values={values} />
      </aside>
    </Form>
  );
}
