import { describe, expect, it } from 'vitest';
import { Role } from '../../../lib/roles';
import { dashboardOf } from './dashboardKind';

const withDashboard = ['dashboard.main:list', 'dashboard.main:view'];

describe('dashboardOf', () => {
  it.each([
    [Role.manager, 'manager'],
    [Role.operator, 'manager'],
    [Role.mediaAgent, 'media'],
    [Role.adSalesAgent, 'saler'],
    [Role.siteSalesAgent, 'saler'],
    [Role.distributorAgent, 'saler'],
    [Role.siteManager, null],
    // Advertisers, installers and verification vendors have no dashboard.
    [10006, null],
    [10007, null],
    [10009, null],
  ])('role %i sees the %s dashboard', (roleCd, kind) => {
    expect(dashboardOf({ roleCd, programCodeList: withDashboard })).toBe(kind);
  });

  it('takes the role as the session stores it, text or number', () => {
    expect(dashboardOf({ roleCd: '10004' as unknown as number, programCodeList: withDashboard })).toBe('media');
  });

  it('shows none without the dashboard permission or without a user', () => {
    expect(dashboardOf({ roleCd: Role.manager, programCodeList: ['dashboard.main:list'] })).toBeNull();
    expect(dashboardOf(null)).toBeNull();
  });
});
