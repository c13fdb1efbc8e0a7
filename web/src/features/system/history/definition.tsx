import type { ResourceDefinition } from '../../../components/resource/definition';
import { userIdPopup } from '../../../components/searchPopups/userPopups';
import { actionLabel, actorLabel } from '../../../lib/history';
import { TargetName } from './TargetName';

/** Change history: who created, changed or deleted what, when, with the row before and after. Read only. */
export const historyDefinition: ResourceDefinition = {
  title: '변경 이력',
  apiPath: 'system/history',
  routeBase: '/system/history',
  program: 'system.history',
  idField: 'hIdx',
  idType: 'number',
  readOnly: true,
  columns: [
    { field: 'hIdx', title: '번호', sortable: true, width: 90 },
    { field: 'target', title: '대상', width: 180, render: (target) => <TargetName code={target} /> },
    { field: 'targetId', title: '대상 ID', width: 100 },
    {
      field: 'action',
      title: '작업',
      width: 120,
      render: (action, row) => actionLabel(action, row.target),
    },
    { field: 'uId', title: '작업자', width: 140, render: actorLabel },
    { field: 'createdAt', title: '일시', kind: 'dateTime', sortable: true, width: 180 },
  ],
  filters: [
    { field: 'target', label: '대상' },
    { field: 'targetId', label: '대상 ID' },
    { field: 'uId', label: '작업자', popup: userIdPopup },
    { field: 'fromDate', label: '시작일', kind: 'date' },
    { field: 'toDate', label: '종료일', kind: 'date' },
  ],
  fields: [],
};
