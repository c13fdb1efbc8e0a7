import { EditOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Result, Space, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useResourceDetail } from '../../../components/resource/resourceApi';
import { usePermissions } from '../../../lib/permission';
import { proposalDefinition } from './definition';
import { proposalWritePath, rtIdxOf } from './paths';
import { ProposalDocument } from './ProposalDocument';
import './proposal.css';

/** /report/temp/view?rtIdx=: the proposal as a document, printed (or saved as a PDF) by the browser. */
export default function ProposalViewPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const rtIdx = rtIdxOf(params);
  const detail = useResourceDetail(proposalDefinition, rtIdx === null ? null : String(rtIdx));
  const can = usePermissions(proposalDefinition.program);
  const toList = () => navigate('/report/temp/list');

  if (rtIdx !== null && detail.isPending) return <Spin />;
  if (rtIdx === null || !detail.data) {
    return <Result status="404" title="제안서를 찾을 수 없습니다." extra={<Button onClick={toList}>목록</Button>} />;
  }
  return (
    <div className="proposal-screen">
      <div className="proposal-toolbar no-print">
        <Button onClick={toList}>목록</Button>
        <Space>
          {can.update && (
            <Button icon={<EditOutlined />} onClick={() => navigate(proposalWritePath(rtIdx))}>
              수정
            </Button>
          )}
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
            인쇄 / PDF
          </Button>
        </Space>
      </div>
      <ProposalDocument detail={detail.data} />
    </div>
  );
}
