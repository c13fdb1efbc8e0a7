import type { Row, RowAction } from './definition';

interface StatusActionsSpec {
  /** The status call, e.g. /api/account/corp/jsonStatus.do. */
  url: string;
  idField: string;
  statusField: string;
  /** What changes status, e.g. "사업자", used in the confirmation. */
  noun: string;
  /** The statuses offered: the stored value and the button's label. */
  choices: [value: number, label: string][];
}

/** One button per status the row is not in yet, each asking for confirmation and needing `update`. */
export function statusActions({ url, idField, statusField, noun, choices }: StatusActionsSpec): RowAction[] {
  return choices.map(([value, label]) => ({
    key: `${statusField}-${value}`,
    label,
    url,
    body: (row: Row) => ({ [idField]: row[idField], [statusField]: value }),
    permission: 'update',
    confirm: `${noun}을(를) ${label} 상태로 바꾸시겠습니까?`,
    danger: value !== 1,
    shownWhen: (row: Row) => Number(row[statusField]) !== value,
    doneMessage: `${label} 처리되었습니다.`,
  }));
}
