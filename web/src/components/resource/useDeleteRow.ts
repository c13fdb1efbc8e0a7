import { useNavigate } from 'react-router';
import { notifySuccess } from '../../lib/notify';
import type { ResourceDefinition, Row } from './definition';
import { useDeleteResource } from './resourceApi';

/** Deleting the row a screen shows: once it is gone the user is told, and the screen returns to the list. */
export function useDeleteRow(definition: ResourceDefinition) {
  const remove = useDeleteResource(definition);
  const navigate = useNavigate();
  const deleteRow = async (row: Row | undefined) => {
    try {
      await remove.mutateAsync([row?.[definition.idField]]);
    } catch {
      return; // the failure was alerted by the client library
    }
    notifySuccess('삭제되었습니다.');
    navigate(`${definition.routeBase}/list`, { replace: true });
  };
  return { deleteRow, deleting: remove.isPending };
}
