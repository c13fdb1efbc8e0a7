import { Alert, Button, Card, Form, Input } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AdjustmentItem } from '../../../components/booking/AdjustmentItem';
import { toFormErrors } from '../../../components/booking/booking';
import { BookingCards } from '../../../components/booking/BookingCards';
import { LiveQuotePanel } from '../../../components/booking/LiveQuotePanel';
import { CodeRadio } from '../../../components/code/CodeRadio';
import { FixedText } from '../../../components/form/FixedText';
import { FormActions } from '../../../components/form/FormActions';
import { PopupField } from '../../../components/popup/PopupField';
import type { Row } from '../../../components/resource/definition';
import { advertiserPopup } from '../../../components/searchPopups/advertiserPopup';
import { salesUserPopup } from '../../../components/searchPopups/userPopups';
import { optionalNumber } from '../../../lib/api/bodyValues';
import { postJson } from '../../../lib/api/client';
import { fieldErrorsOf, unwrap } from '../../../lib/api/envelope';
import { notifySuccess } from '../../../lib/notify';
import { usePermissions } from '../../../lib/permission';
import { Role, SALES_ROLES } from '../../../lib/roles';
import { useSessionUser } from '../../../lib/session/sessionStore';
import { fromDetail, missingFields, newCampaignValues, quoteBody, toCampaignBody, type CampaignValues, type Purpose } from './campaignForm';
import { CouponSelect } from './CouponSelect';
import { MaterialsField } from './MaterialsField';
import { useUsableCoupons } from './usableCoupons';
import '../campaign.css';

/** The three places a campaign is written: a new one, a draft (or rejected one), a pending request. */
export type WriteScreen = 'new' | 'temp' | 'request';

const FIELDS: (keyof CampaignValues)[] = [
  'cmpgTitle',
  'advertiserCId',
  'salesUIdx',
  'platform',
  'pkgId',
  'prdId',
  'period',
  'slotCnt',
  'schdRate',
  'targets',
  'materials',
  'extraType',
  'extraValue',
  'cpIdx',
  'memo',
];

interface CampaignEditorProps {
  screen: WriteScreen;
  /** The stored campaign, or null for a new one. */
  cmpgId: number | null;
  /** Its detail (labels, allowed actions, reject reason); null for a new one. */
  detail: Row | null;
  /** A new campaign was saved: the screen now edits it. */
  onCreated: (cmpgId: number) => void;
}

/**
 * The campaign editor: what, for whom, on which product and days, where and with which materials,
 * priced live as it is written. Saving keeps a draft; requesting saves and asks for approval.
 */
export function CampaignEditor({ screen, cmpgId, detail, onCreated }: CampaignEditorProps) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CampaignValues>();
  const [sending, setSending] = useState<Purpose | null>(null);
  const [agentName, setAgentName] = useState<string>(String(detail?.agentCName ?? ''));

  // Sales agents write campaigns as their own sales; an advertiser writes its own corp's campaigns,
  // whose advertiser (and sales) it does not choose: the server keeps them.
  const selling = user !== null && SALES_ROLES.includes(Number(user.roleCd));
  const ownCorp = user !== null && Number(user.roleCd) === Role.advertiser;
  // The editor starts once, from the campaign it opened.
  const [initialValues] = useState<CampaignValues>(() => {
    if (detail) return fromDetail(detail);
    const fresh = newCampaignValues(user?.platform === undefined ? null : String(user.platform));
    if (ownCorp && user) return { ...fresh, advertiserCId: optionalNumber(user.cId) };
    return selling && user ? { ...fresh, salesUIdx: user.uIdx, agentCId: optionalNumber(user.cId) } : fresh;
  });
  const watched = Form.useWatch([], { form, preserve: true }) as CampaignValues | undefined;
  const values: CampaignValues = { ...initialValues, ...watched };

  // Coupons are offered only to small merchants: the server answers none for other advertisers.
  const coupons = useUsableCoupons(values.advertiserCId).data ?? [];
  const storedCoupon = detail?.cpIdx ? { cpIdx: Number(detail.cpIdx), cpNm: String(detail.cpNm ?? detail.cpIdx) } : null;
  const offersCoupon = coupons.length > 0 || !!values.cpIdx;
  const mayWrite = usePermissions('campaign.regist').write;
  const actions = Array.isArray(detail?.actions) ? (detail.actions as string[]) : null;
  // A new campaign needs the right to write one; a stored one is edited while the server allows
  // saving it; a pending request is not requested again.
  const maySave = actions === null ? mayWrite : actions.includes('save');
  const mayRequest = screen !== 'request' && (actions === null || actions.includes('request'));

  const onValuesChange = (changed: Partial<CampaignValues>) => {
    // Materials belong to their advertiser, and so do the coupons it may use.
    if ('advertiserCId' in changed && (form.getFieldValue('materials') ?? []).length > 0) form.setFieldValue('materials', []);
    if ('advertiserCId' in changed && form.getFieldValue('cpIdx')) form.setFieldValue('cpIdx', null);
    if ('salesUIdx' in changed && !changed.salesUIdx) {
      form.setFieldValue('agentCId', null);
      setAgentName('');
    }
  };

  const send = async (purpose: Purpose) => {
    const current: CampaignValues = { ...initialValues, ...form.getFieldsValue(true) };
    const missing = missingFields(current, purpose);
    form.setFields(FIELDS.map((name) => ({ name, errors: missing[name] ? [missing[name]] : [] })));
    if (Object.keys(missing).length > 0) return;
    setSending(purpose);
    try {
      const saveUrl = screen === 'request' ? '/api/campaign/request/jsonSave.do' : '/api/campaign/regist/jsonSave.do';
      let savedId = cmpgId;
      try {
        const answer = unwrap(await postJson<{ cmpgId?: number } | null>(saveUrl, toCampaignBody(current, cmpgId)));
        savedId = Number(answer?.cmpgId ?? cmpgId);
      } catch (error) {
        form.setFields(toFormErrors(fieldErrorsOf(error)) as Parameters<typeof form.setFields>[0]);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ['campaign/temp'] });
      await queryClient.invalidateQueries({ queryKey: ['campaign/request'] });
      if (purpose === 'save') {
        notifySuccess(screen === 'request' ? '저장했습니다.' : '임시저장했습니다.');
        if (screen === 'request') navigate(`/campaign/request/view?cmpgId=${savedId}`);
        else if (cmpgId === null) onCreated(savedId as number);
        return;
      }
      try {
        unwrap(await postJson('/api/campaign/regist/jsonRequest.do', { cmpgId: savedId, ...(current.cpIdx ? { cpIdx: current.cpIdx } : {}) }));
      } catch {
        // Alerted by the client library; the campaign is saved, so it stays here to be requested again.
        if (cmpgId === null) onCreated(savedId as number);
        return;
      }
      notifySuccess('승인을 요청했습니다.');
      navigate(`/campaign/request/view?cmpgId=${savedId}`);
    } finally {
      setSending(null);
    }
  };

  const rejectReason = detail && Number(detail.cmpgStatus) === 24 && detail.rejectReason ? String(detail.rejectReason) : null;

  return (
    <Form<CampaignValues>
      form={form}
      name="campaign"
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={onValuesChange}
      disabled={!maySave}
      className="campaign-write"
    >
      <div className="campaign-write-main">
        {rejectReason && <Alert type="error" showIcon title={`반려 사유: ${rejectReason}`} className="campaign-alert" />}
        {!maySave && (
          <Alert type="info" showIcon title={actions === null ? '캠페인을 등록할 권한이 없습니다.' : '이 캠페인은 지금 수정할 수 없습니다.'} className="campaign-alert" />
        )}
        <Card size="small" title="기본 정보" className="campaign-section">
          <div className="form-grid">
            <Form.Item name="cmpgTitle" label="캠페인명" required className="wide">
              <Input maxLength={100} placeholder="예: 봄맞이 할인 행사" />
            </Form.Item>
            <Form.Item name="advertiserCId" label="광고주" required>
              {ownCorp ? (
                <FixedText text={String(detail?.advertiserCName ?? user?.cName ?? '')} />
              ) : (
                <PopupField popup={advertiserPopup} initialLabel={String(detail?.advertiserCName ?? '')} />
              )}
            </Form.Item>
            {ownCorp ? (
              detail?.salesUName ? (
                <Form.Item name="salesUIdx" label="영업 담당자" extra={detail.agentCName ? `대행사: ${String(detail.agentCName)}` : undefined}>
                  <FixedText text={String(detail.salesUName)} />
                </Form.Item>
              ) : null
            ) : (
              <Form.Item name="salesUIdx" label="영업 담당자" extra={values.agentCId ? `대행사: ${agentName || String(detail?.agentCName ?? user?.cName ?? '')}` : '선택하지 않아도 됩니다.'}>
                <PopupField
                  popup={salesUserPopup}
                  initialLabel={String(detail?.salesUName ?? (selling && !detail ? (user?.uName ?? '') : ''))}
                  onPickRow={(row) => {
                    form.setFieldValue('agentCId', optionalNumber(row.cId));
                    setAgentName(String(row.cName ?? ''));
                  }}
                />
              </Form.Item>
            )}
            <Form.Item name="platform" label="플랫폼" required>
              <CodeRadio cdKey="PLATFORM" valueType="number" />
            </Form.Item>
          </div>
        </Card>
        <BookingCards values={values} cmpgId={cmpgId} />
        <Card size="small" title="소재" className="campaign-section">
          <Form.Item name="materials" className="wide-item">
            <MaterialsField
              advertiserCId={values.advertiserCId}
              templateTypes={(values.targets ?? []).flatMap((line) => (line.templateType === undefined ? [] : [line.templateType]))}
            />
          </Form.Item>
        </Card>
        <Card size="small" title="추가 조정과 메모" className="campaign-section">
          <div className="form-grid">
            <AdjustmentItem precision={values.extraType === 'PCT' ? 2 : 0} />
            {offersCoupon && (
              <Form.Item name="cpIdx" label="쿠폰" extra="소상공인 광고주의 쿠폰입니다. 조정 금액에서 할인되며, 승인될 때 사용 처리됩니다.">
                <CouponSelect coupons={coupons} stored={storedCoupon} />
              </Form.Item>
            )}
            <Form.Item name="memo" label="메모" className="wide">
              <Input.TextArea rows={3} maxLength={1000} showCount />
            </Form.Item>
          </div>
        </Card>
        <FormActions onBack={() => navigate(screen === 'request' ? '/campaign/request/list' : '/campaign/temp/list')} backLabel="목록" allowed={maySave}>
          <Button onClick={() => void send('save')} loading={sending === 'save'} disabled={sending !== null}>
            {screen === 'request' ? '저장' : '임시저장'}
          </Button>
          {mayRequest && (
            <Button type="primary" onClick={() => void send('request')} loading={sending === 'request'} disabled={sending !== null}>
              승인요청
            </Button>
          )}
        </FormActions>
      </div>
      <aside className="campaign-write-side">
        <LiveQuotePanel body={quoteBody(values, cmpgId)} values={values} />
      </aside>
    </Form>
  );
}
