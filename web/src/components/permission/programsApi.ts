import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../lib/api/client';
import { unwrap } from '../../lib/api/envelope';
import { usePermissions } from '../../lib/permission';
import type { MatrixProgram } from './permissionMatrix';

/** The most rows one list call answers: every program fits. */
const ALL_PROGRAMS = { page: 1, pageSize: 1000, sortField: 'sortOrder', sortOrder: 'asc' };

/**
 * Every program with its name and the kinds it offers, under the program resource's key so edits
 * there refresh it; asked only by users who may read the programs.
 */
export function usePrograms() {
  const allowed = usePermissions('system.program').list;
  return useQuery({
    queryKey: ['system/program', 'matrix'],
    queryFn: async () => unwrap(await postJson<{ list: MatrixProgram[] }>('/api/system/program/jsonList.do', ALL_PROGRAMS)).list,
    staleTime: 5 * 60_000,
    enabled: allowed,
  });
}
