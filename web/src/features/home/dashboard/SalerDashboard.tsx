import { useSessionUser } from '../../../lib/session/sessionStore';
import { CampaignCountCards } from './CampaignCountCards';
import { CampaignStatusCard } from './CampaignStatusCard';
import type { SalerDashboard as Figures } from './dashboardApi';
import { mayOpen, settlementPath } from './links';
import { StatCard } from './StatCard';

const linkFor = (allowed: boolean, path: string) => (allowed ? path : null);

/** The dashboard of a sales corp: its campaigns, sales, last month's fees and its points. */
export function SalerDashboard({ figures }: { figures: Figures }) {
  const user = useSessionUser();
  const fees = figures.fees ? settlementPath('sales', figures.fees.month) : null;
  return (
    <div className="dashboard dashboard-saler">
      <div className="stat-cards">
        <CampaignCountCards counts={figures} />
        <StatCard title="이번 달 매출" value={figures.sales.total} suffix="원" footer={figures.sales.month} />
        {figures.fees && fees && (
          <StatCard title="지난달 수수료" value={figures.fees.fee} suffix="원" footer={figures.fees.month} to={linkFor(mayOpen(user, fees), fees)} />
        )}
        <StatCard title="회사 포인트" value={figures.points.corp} suffix="P" to={linkFor(mayOpen(user, '/point/sales/list'), '/point/sales/list')} />
        <StatCard title="내 포인트" value={figures.points.user} suffix="P" to={linkFor(mayOpen(user, '/point/salesuser/list'), '/point/salesuser/list')} />
      </div>
      <CampaignStatusCard byStatus={figures.byStatus} />
    </div>
  );
}
