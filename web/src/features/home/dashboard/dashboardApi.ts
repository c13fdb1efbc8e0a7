import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/envelope';
import type { DashboardKind } from './dashboardKind';

/** Screens per status: normal (ON), fault (anomaly, abnormal, fault) and off. */
export interface ScreenCounts {
  normal: number;
  fault: number;
  off: number;
  total?: number;
}

/** A screen needing attention (oldest heartbeat first). */
export interface FaultScreen {
  mediaId: number;
  mediaNm: string;
  poiNm: string | null;
  mediaStatus: number;
  lastHeartbeatAt: string | null;
}

/** Ad slots of one day: sold (halves 0.5) out of the capacity. */
export interface OccupancyDay {
  date: string;
  sold: number;
  capacity: number;
}

export interface RecentCampaign {
  cmpgId: number;
  cmpgTitle: string;
  displayStatus: number;
  approvedAt: string | null;
}

/** Campaigns waiting, live and about to end. */
export interface CampaignCounts {
  awaitingApproval: number;
  live: number;
  endingSoon: number;
}

/** The network (managers, operators) or one media corp's part of it (media agents, with their settlement). */
export interface OperationsDashboard extends CampaignCounts {
  screens: ScreenCounts;
  faults: FaultScreen[];
  playsToday: number;
  occupancy: OccupancyDay[];
  salesThisMonth?: number;
  recentCampaigns?: RecentCampaign[];
  /** Media agents: the last finished month's settlement of their sites. */
  settlement?: { month: string; revenue: number; fee: number; closed: boolean };
}

/** A sales corp's campaigns, sales, fees and points. */
export interface SalerDashboard extends CampaignCounts {
  byStatus: { displayStatus: number; count: number }[];
  sales: { month: string; total: number };
  /** The last finished month's fees of the corp (computed live until the month is closed). */
  fees?: { month: string; fee: number; closed?: boolean };
  points: { corp: number; user: number };
}

export interface DashboardAnswers {
  manager: OperationsDashboard;
  media: OperationsDashboard;
  saler: SalerDashboard;
}

/** The caller's dashboard figures. */
export function useDashboard<K extends DashboardKind>(kind: K) {
  return useQuery({
    queryKey: ['dashboard', kind],
    queryFn: async () => unwrap(await postJson<DashboardAnswers[K]>(`/api/dashboard/${kind}/jsonMain.do`, {})),
  });
}
