import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MatrixProgram } from '../../../components/permission/permissionMatrix';
import { postJson } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/envelope';

export interface RolePermissions {
  roleCd: number;
  programs: (MatrixProgram & { prgPath: string })[];
  permCodes: string[];
}

const rolePermissionsKey = (roleCd: number | null) => ['system/authrole', roleCd] as const;

/** The programs and the default permission codes of one role. */
export function useRolePermissions(roleCd: number | null) {
  return useQuery({
    queryKey: rolePermissionsKey(roleCd),
    queryFn: async () => unwrap(await postJson<RolePermissions>('/api/system/authrole/jsonList.do', { roleCd })),
    enabled: roleCd !== null,
  });
}

/** Replaces a role's default permission codes; its users get them at their next request. */
export function useSaveRolePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: { roleCd: number; permCodes: string[] }) =>
      unwrap(await postJson('/api/system/authrole/jsonSave.do', change)),
    onSuccess: (_answer, change) => queryClient.invalidateQueries({ queryKey: rolePermissionsKey(change.roleCd) }),
  });
}
