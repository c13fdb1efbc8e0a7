import { Button, Result, Spin, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useResourceDetail } from '../../../components/resource/resourceApi';
import { proposalDefinition } from './definition';
import { rtIdxOf } from './paths';
import { ProposalEditor } from './ProposalEditor';

/** /report/temp/write: a new proposal, or the one named by `?rtIdx=`. */
export default function ProposalWritePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const rtIdx = rtIdxOf(params);
  const detail = useResourceDetail(proposalDefinition, rtIdx === null ? null : String(rtIdx));

  if (rtIdx !== null && detail.isPending) return <Spin />;
  if (rtIdx !== null && !detail.data) {
    return <Result status="404" title="제안서를 찾을 수 없습니다." extra={<Button onClick={() => navigate('/report/temp/list')}>목록</Button>} />;
  }
  return (
    <div className="proposal-write-screen">
      <Typography.Title level={4}>{rtIdx === null ? '가상 리포트 등록' : '가상 리포트 수정'}</Typography.Title>
      <ProposalEditor key={rtIdx ?? 'new'} rtIdx={rtIdx} detail={detail.data ?? null} />
    </div>
  );
}
