/** Role codes (roleCd) of users and corps. */
export const Role = {
  manager: 10001,
  operator: 10002,
  mediaAgent: 10004,
  siteManager: 10008,
} as const;

/** The roles that see and manage every corp's rows (and so choose the owner of what they register). */
export const MANAGING_ROLES: number[] = [Role.manager, Role.operator];
