import { Alert, Spin } from 'antd';
import { useDashboard } from './dashboardApi';
import type { DashboardKind } from './dashboardKind';
import { OperationsDashboard } from './OperationsDashboard';
import { SalerDashboard } from './SalerDashboard';
import './dashboard.css';

function Loading({ failed }: { failed: boolean }) {
  // The failure itself was alerted by the client library.
  return failed ? <Alert type="warning" showIcon title="대시보드를 불러오지 못했습니다." className="dashboard-problem" /> : <Spin className="dashboard-loading" />;
}

function OperationsFigures({ kind }: { kind: 'manager' | 'media' }) {
  const { data, isError } = useDashboard(kind);
  return data ? <OperationsDashboard figures={data} media={kind === 'media'} /> : <Loading failed={isError} />;
}

function SalerFigures() {
  const { data, isError } = useDashboard('saler');
  return data ? <SalerDashboard figures={data} /> : <Loading failed={isError} />;
}

/** The home dashboard of the caller's kind. */
export function Dashboard({ kind }: { kind: DashboardKind }) {
  return kind === 'saler' ? <SalerFigures /> : <OperationsFigures kind={kind} />;
}
