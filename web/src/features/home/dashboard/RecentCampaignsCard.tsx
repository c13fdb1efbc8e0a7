import { Card, Table } from 'antd';
import { Link } from 'react-router';
import { CodeTag } from '../../../components/code/CodeTag';
import { formatDateTime } from '../../../lib/dates';
import { CAMPAIGN_STATUS_COLORS, campaignPath } from '../../campaign/status';
import type { RecentCampaign } from './dashboardApi';

/** The campaigns approved last, each opening its screen. */
export function RecentCampaignsCard({ campaigns }: { campaigns: RecentCampaign[] }) {
  return (
    <Card size="small" title="최근 승인 캠페인" className="dashboard-card recent-campaigns">
      <Table<RecentCampaign>
        size="small"
        rowKey="cmpgId"
        pagination={false}
        dataSource={campaigns}
        locale={{ emptyText: '최근 승인한 캠페인이 없습니다.' }}
        columns={[
          {
            key: 'cmpgTitle',
            title: '캠페인명',
            ellipsis: true,
            render: (_value, row) => <Link to={campaignPath(row.displayStatus, row.cmpgId, 'run')}>{row.cmpgTitle}</Link>,
          },
          {
            key: 'displayStatus',
            title: '상태',
            width: 100,
            render: (_value, row) => <CodeTag cdKey="CMPG_STATUS" value={row.displayStatus} colors={CAMPAIGN_STATUS_COLORS} />,
          },
          { key: 'approvedAt', title: '승인일시', width: 170, render: (_value, row) => formatDateTime(row.approvedAt) },
        ]}
      />
    </Card>
  );
}
