import { useSessionUser } from './session/sessionStore';
import type { SessionUser } from './session/user';

export type PermissionKind = 'list' | 'write' | 'view' | 'update' | 'delete' | 'download' | 'other';

/** Whether the user holds a permission code `{program}:{kind}`, e.g. "system.code:write". */
export function hasPermission(user: Pick<SessionUser, 'programCodeList'> | null, code: string): boolean {
  return user?.programCodeList?.includes(code) ?? false;
}

/** The program of a route: its stem with dots, "/system/code/list" -> "system.code". */
export function programOf(path: string): string {
  return path.split('/').filter(Boolean).slice(0, -1).join('.');
}

/** The signed-in user's permissions on one program, for hiding what they may not do. */
export function usePermissions(program: string): Record<PermissionKind, boolean> {
  const user = useSessionUser();
  const can = (kind: PermissionKind) => hasPermission(user, `${program}:${kind}`);
  return {
    list: can('list'),
    write: can('write'),
    view: can('view'),
    update: can('update'),
    delete: can('delete'),
    download: can('download'),
    other: can('other'),
  };
}
