import type { PopupDefinition } from '../../components/popup/definition';
import { ExecStatusTag } from './ExecStatusTag';

/** Execution logs of schedule generations (the spec's execution log popup); conditions may name a group (`mgId`). */
export const execLogPopup: PopupDefinition = {
  title: '실행 로그',
  url: '/api/schedule/schedule/jsonExecLogList.do',
  permission: 'schedule.schedule:list',
  paged: true,
  filters: [{ field: 'execNm', label: '실행명' }],
  columns: [
    { field: 'execIdx', title: 'ID', width: 70 },
    { field: 'execNm', title: '실행명', ellipsis: true, name: true },
    { field: 'mgNm', title: '매체 그룹', ellipsis: true },
    { field: 'uName', title: '실행자', width: 100 },
    { field: 'status', title: '상태', width: 80, render: (value) => <ExecStatusTag status={value} /> },
    { field: 'createdAt', title: '실행일시', kind: 'dateTime', width: 170 },
  ],
  valueField: 'execIdx',
  labelField: 'execNm',
};
