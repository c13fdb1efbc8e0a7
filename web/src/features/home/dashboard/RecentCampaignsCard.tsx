import { Empty } from 'antd';
import { Link } from 'react-router';
import { CAMPAIGN_STATUS_COLORS } from '../../../components/code/campaignStatusColors';
import { CodeTag } from '../../../components/code/CodeTag';
import { Panel } from '../../../components/common/Panel';
import { campaignPath } from '../../../lib/campaignStatus';
import { formatDateTime } from '../../../lib/dates';
import type { RecentCampaign } from './dashboardApi';

/**
 * The campaigns approved last, each opening its screen: a few rows read at a glance, as a plain
 * table (the home page does without the list screens' table code).
 */
export function RecentCampaignsCard({ campaigns }: { campaigns: RecentCampaign[] }) {
  return (
    <Panel title="최근 승인 캠페인" className="dashboard-card recent-campaigns">
      {campaigns.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="최근 승인한 캠페인이 없습니다." />
      ) : (
        <table className="plain-table">
          <thead>
            <tr>
              <th>캠페인명</th>
              <th className="plain-table-status">상태</th>
              <th className="plain-table-time">승인일시</th>
            </tr>
          </thead>
          <tbody>
            {campaigns.map((row) => (
              <tr key={row.cmpgId}>
                <td className="plain-table-name" title={row.cmpgTitle}>
                  <Link to={campaignPath(row.displayStatus, row.cmpgId, 'run')}>{row.cmpgTitle}</Link>
                </td>
                <td>
                  <CodeTag cdKey="CMPG_STATUS" value={row.displayStatus} colors={CAMPAIGN_STATUS_COLORS} />
                </td>
                <td>{formatDateTime(row.approvedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
