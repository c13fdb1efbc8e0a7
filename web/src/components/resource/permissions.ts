import { usePermissions, type PermissionKind } from '../../lib/permission';
import { useSessionUser } from '../../lib/session/sessionStore';
import type { ResourceDefinition } from './definition';

/**
 * What the signed-in user may do with a resource: the program's permissions, less registering and
 * deleting rows of a read-only resource, and less registering, changing and deleting for users
 * outside the roles that change it (all-screen posts are the managers' and operators').
 */
export function useResourcePermissions(definition: ResourceDefinition): Record<PermissionKind, boolean> {
  const granted = usePermissions(definition.program);
  const roleCd = useSessionUser()?.roleCd;
  const { changedByRoles, readOnly } = definition;
  const changes = !changedByRoles || (roleCd !== undefined && changedByRoles.includes(Number(roleCd)));
  return {
    ...granted,
    write: granted.write && changes && !readOnly,
    update: granted.update && changes,
    delete: granted.delete && changes && !readOnly,
  };
}
