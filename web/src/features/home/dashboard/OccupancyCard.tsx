import { Empty } from 'antd';
import { Panel } from '../../../components/common/Panel';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { CartesianChart } from '../../../components/chart/CartesianChart';
import { useSessionUser } from '../../../lib/session/sessionStore';
import { occupancyChart } from './chartData';
import type { OccupancyDay } from './dashboardApi';
import { mayOpen, slotReportPath } from './links';

/** Sold ad slots against the capacity over the coming 14 days; it opens the slot report of those days. */
export function OccupancyCard({ occupancy }: { occupancy: OccupancyDay[] }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const chart = useMemo(() => occupancyChart(occupancy), [occupancy]);
  const report = slotReportPath(occupancy.map((day) => day.date));
  const linked = report !== null && mayOpen(user, report) ? report : null;

  return (
    <Panel
      title="슬롯 점유 (14일)"
      className="dashboard-card occupancy-card"
      extra={linked ? <Link to={linked}>슬롯 운영 현황</Link> : null}
    >
      {occupancy.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="매체 그룹이 없습니다." />
      ) : (
        <CartesianChart {...chart} axisNames={['슬롯']} label="앞으로 14일의 판매 슬롯과 전체 슬롯" height={240} onPick={linked ? () => navigate(linked) : undefined} />
      )}
    </Panel>
  );
}
