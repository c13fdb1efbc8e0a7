import { Tag } from 'antd';
import { useSessionUser } from '../../../lib/session/sessionStore';
import { CampaignCountCards } from './CampaignCountCards';
import { number } from './chartData';
import type { OperationsDashboard as Figures } from './dashboardApi';
import { mayOpen, settlementPath } from './links';
import { OccupancyCard } from './OccupancyCard';
import { RecentCampaignsCard } from './RecentCampaignsCard';
import { ScreensCard } from './ScreensCard';
import { StatCard } from './StatCard';

interface OperationsDashboardProps {
  figures: Figures;
  /** A media agent's view: their sites, with last month's settlement instead of the network's sales. */
  media?: boolean;
}

/** The dashboard of the network (managers, operators) or of a media corp's sites (media agents). */
export function OperationsDashboard({ figures, media = false }: OperationsDashboardProps) {
  const user = useSessionUser();
  const settlement = figures.settlement;
  const settlementLink = settlement ? settlementPath('media', settlement.month) : null;

  return (
    <div className={`dashboard dashboard-${media ? 'media' : 'manager'}`}>
      <div className="stat-cards">
        <CampaignCountCards counts={figures} />
        <StatCard title="오늘 재생" value={figures.playsToday} suffix="회" />
        {!media && <StatCard title="이번 달 매출" value={figures.salesThisMonth} suffix="원" />}
        {settlement && (
          <StatCard
            title={`지난달 정산 (${settlement.month})`}
            value={settlement.fee}
            suffix="원"
            to={settlementLink && mayOpen(user, settlementLink) ? settlementLink : null}
            footer={
              <>
                매출 {number(settlement.revenue)}원{' '}
                <Tag color={settlement.closed ? 'green' : 'default'}>{settlement.closed ? '마감' : '마감 전'}</Tag>
              </>
            }
          />
        )}
      </div>
      <div className="dashboard-grid">
        <ScreensCard screens={figures.screens} faults={figures.faults} />
        <OccupancyCard occupancy={figures.occupancy} />
      </div>
      {!media && figures.recentCampaigns && <RecentCampaignsCard campaigns={figures.recentCampaigns} />}
    </div>
  );
}
