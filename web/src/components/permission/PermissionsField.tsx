import { PermissionMatrix } from './PermissionMatrix';
import { usePrograms } from './programsApi';

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
