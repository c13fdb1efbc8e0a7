/** Role codes (roleCd) of users and corps. */
export const Role = {
  manager: 10001,
  operator: 10002,
  adSalesAgent: 10003,
  mediaAgent: 10004,
  siteSalesAgent: 10005,
  advertiser: 10006,
  installer: 10007,
  siteManager: 10008,
  verificationVendor: 10009,
  distributorAgent: 10010,
} as const;

/** The roles that see and manage every corp's rows (and so choose the owner of what they register). */
export const MANAGING_ROLES: number[] = [Role.manager, Role.operator];

/** The sales agents: they work for several advertisers (and so choose the advertiser of what they register). */
export const SALES_ROLES: number[] = [Role.adSalesAgent, Role.siteSalesAgent, Role.distributorAgent];
