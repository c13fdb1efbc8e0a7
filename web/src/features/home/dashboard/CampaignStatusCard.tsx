import { Badge, Empty, Space } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { CartesianChart } from '../../../components/chart/CartesianChart';
import { CAMPAIGN_STATUS_COLORS } from '../../../components/code/campaignStatusColors';
import { useCodeList } from '../../../components/code/useCodeList';
import { Panel } from '../../../components/common/Panel';
import { useSessionUser } from '../../../lib/session/sessionStore';
import { number, shownStatuses, statusBars, type StatusCount } from './chartData';
import { campaignStatusPath, mayOpen } from './links';

/** A sales corp's campaigns per status as bars, and as links opening the list of each status. */
export function CampaignStatusCard({ byStatus }: { byStatus: StatusCount[] }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const { data: codes = [] } = useCodeList('CMPG_STATUS');
  const names = useMemo(() => Object.fromEntries(codes.map((code) => [code.cdCode, code.cdName])), [codes]);
  const shown = useMemo(() => shownStatuses(byStatus), [byStatus]);
  const bars = useMemo(() => statusBars(shown, names), [shown, names]);
  const pathOf = (status: number) => {
    const path = campaignStatusPath(status);
    return path && mayOpen(user, path) ? path : null;
  };

  return (
    <Panel title="상태별 캠페인" className="dashboard-card campaign-status-card">
      {shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="캠페인이 없습니다." />
      ) : (
        <>
          <CartesianChart
            {...bars}
            label={`상태별 캠페인: ${shown.map((entry) => `${names[String(entry.displayStatus)] ?? entry.displayStatus} ${entry.count}건`).join(', ')}`}
            height={220}
            onPick={(index) => {
              const path = shown[index] ? pathOf(shown[index].displayStatus) : null;
              if (path) navigate(path);
            }}
          />
          <Space wrap className="status-links">
            {shown.map((entry) => {
              const text = (
                <Badge
                  color={CAMPAIGN_STATUS_COLORS[String(entry.displayStatus)] ?? 'default'}
                  text={`${names[String(entry.displayStatus)] ?? entry.displayStatus} ${number(entry.count)}건`}
                />
              );
              const path = pathOf(entry.displayStatus);
              return path ? (
                <Link key={entry.displayStatus} to={path}>
                  {text}
                </Link>
              ) : (
                <span key={entry.displayStatus}>{text}</span>
              );
            })}
          </Space>
        </>
      )}
    </Panel>
  );
}
