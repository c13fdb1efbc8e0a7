import { Button, Result, Space, Spin, Typography } from 'antd';
import { useMemo, useRef } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CAMPAIGN_STATUS_COLORS } from '../../../components/code/campaignStatusColors';
import { CodeTag } from '../../../components/code/CodeTag';
import { useResourceDetail } from '../../../components/resource/resourceApi';
import { campaignListDefinition } from '../listDefinition';
import { CampaignEditor, type WriteScreen } from './CampaignEditor';

const TITLES: Record<WriteScreen, string> = { new: '캠페인 등록', temp: '캠페인 수정', request: '승인요청 캠페인 수정' };

/** Set on the address the editor moves to after saving a new campaign: the editor stays as it is. */
interface KeepEditor {
  keepEditor?: boolean;
}

/**
 * The campaign writing screens: /campaign/write/write (new), /campaign/temp/write (a draft or a rejected
 * campaign) and /campaign/request/write (a pending request), the campaign named by `?cmpgId=`.
 */
export function CampaignWritePage({ screen }: { screen: WriteScreen }) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const idText = searchParams.get('cmpgId');
  const cmpgId = idText && Number.isInteger(Number(idText)) ? Number(idText) : null;
  // Drafts read through the temp calls (a new campaign, once saved, is one); pending requests through theirs.
  const definition = useMemo(() => campaignListDefinition(screen === 'request' ? 'request' : 'temp'), [screen]);
  const detail = useResourceDetail(definition, cmpgId === null ? null : String(cmpgId));

  // A new campaign saved here moves the address to its id without starting the editor again.
  const kept = (location.state as KeepEditor | null)?.keepEditor === true;
  const editorKey = useRef(location.key);
  if (!kept) editorKey.current = location.key;

  if (screen === 'request' && cmpgId === null) return <Navigate to="/campaign/write/write" replace />;

  const heading = (
    <Space className="screen-heading">
      <Typography.Title level={4}>{TITLES[screen]}</Typography.Title>
      {detail.data && <CodeTag cdKey="CMPG_STATUS" value={detail.data.displayStatus ?? detail.data.cmpgStatus} colors={CAMPAIGN_STATUS_COLORS} />}
    </Space>
  );

  if (cmpgId !== null && !kept) {
    if (detail.isPending) return <Spin />;
    if (!detail.data) {
      return <Result status="404" title="캠페인을 찾을 수 없습니다." extra={<Button onClick={() => navigate('/campaign/temp/list')}>목록</Button>} />;
    }
  }

  return (
    <div className="campaign-write-screen">
      {heading}
      <CampaignEditor
        key={editorKey.current}
        screen={screen}
        cmpgId={cmpgId}
        detail={detail.data ?? null}
        onCreated={(savedId) => navigate(`${location.pathname}?cmpgId=${savedId}`, { replace: true, state: { keepEditor: true } satisfies KeepEditor })}
      />
    </div>
  );
}

export const NewCampaignScreen = () => <CampaignWritePage screen="new" />;
export const TempCampaignScreen = () => <CampaignWritePage screen="temp" />;
export const RequestCampaignScreen = () => <CampaignWritePage screen="request" />;
