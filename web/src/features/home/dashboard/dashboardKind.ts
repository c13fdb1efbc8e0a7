import { hasPermission } from '../../../lib/permission';
import { MANAGING_ROLES, Role, SALES_ROLES } from '../../../lib/roles';
import type { SessionUser } from '../../../lib/session/user';

/** The three home dashboards, each at `dashboard/{kind}/jsonMain.do`. */
export type DashboardKind = 'manager' | 'media' | 'saler';

/**
 * The dashboard a user's home shows: managers and operators see the whole network, media agents
 * their corp's screens, the sales roles their corp's campaigns. Other roles, and users without the
 * dashboard's permission, have none (the server would refuse them).
 */
export function dashboardOf(user: Pick<SessionUser, 'roleCd' | 'programCodeList'> | null): DashboardKind | null {
  if (!user || !hasPermission(user, 'dashboard.main:view')) return null;
  const role = Number(user.roleCd);
  if (MANAGING_ROLES.includes(role)) return 'manager';
  if (role === Role.mediaAgent) return 'media';
  if (SALES_ROLES.includes(role)) return 'saler';
  return null;
}
