import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../lib/api/client';
import { unwrap } from '../../lib/api/envelope';
import { PermissionMatrix } from './PermissionMatrix';
import type { MatrixProgram } from './permissionMatrix';

/** The most rows one list call answers: every program fits. */
const ALL_PROGRAMS = { page: 1, pageSize: 1000, sortField: 'sortOrder', sortOrder: 'asc' };

/** Every program with the kinds it offers, under the program resource's key so edits there refresh it. */
function usePrograms() {
  return useQuery({
    queryKey: ['system/program', 'matrix'],
    queryFn: async () => unwrap(await postJson<{ list: MatrixProgram[] }>('/api/system/program/jsonList.do', ALL_PROGRAMS)).list,
    staleTime: 5 * 60_000,
  });
}

interface PermissionsFieldProps {
  value?: string[] | null;
  onChange?: (codes: string[]) => void;
  disabled?: boolean;
}

/** A form field of permission codes, edited on the matrix of every program. */
export function PermissionsField({ value, onChange, disabled }: PermissionsFieldProps) {
  const { data = [], isFetching } = usePrograms();
  return <PermissionMatrix programs={data} value={value} onChange={onChange} disabled={disabled} loading={isFetching} />;
}
