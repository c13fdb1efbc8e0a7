import type { FieldDefinition, ResourceDefinition, Row, RowAction } from '../../components/resource/definition';

/** The three point ledgers: advertiser corps, sales corps, sales users. */
export type PointOwner = 'advertiser' | 'sales' | 'salesuser';

const TITLES: Record<PointOwner, string> = { advertiser: '광고주 포인트', sales: '영업사 포인트', salesuser: '영업사원 포인트' };

/** The id of a ledger's owner: a corp, or a sales user. */
export const ownerIdField = (owner: PointOwner) => (owner === 'salesuser' ? 'uIdx' : 'cId');

/** The name a ledger's owner goes by. */
export const ownerName = (owner: PointOwner, row: Row) =>
  owner === 'salesuser' ? `${String(row.uName ?? '')} (${String(row.uId ?? '')}, ${String(row.cName ?? '')})` : String(row.cName ?? '');

const ASKS: FieldDefinition[] = [
  { field: 'amount', label: '포인트', kind: 'number', required: true, min: 1, max: 10_000_000_000 },
  { field: 'memo', label: '메모', kind: 'text', required: true, maxLength: 200 },
];

/** Distribute and collect, by hand, for managers (the program's update). */
function pointActions(owner: PointOwner): RowAction[] {
  const idField = ownerIdField(owner);
  const body = (row: Row, answers: Row) => ({ [idField]: row[idField], amount: answers.amount, memo: answers.memo });
  return [
    { key: 'distribute', label: '배분', url: `/api/point/${owner}/jsonDistribute.do`, body, permission: 'update', asks: ASKS, doneMessage: '포인트를 배분했습니다.' },
    { key: 'collect', label: '회수', url: `/api/point/${owner}/jsonCollect.do`, body, permission: 'update', asks: ASKS, danger: true, doneMessage: '포인트를 회수했습니다.' },
  ];
}

/** The balances of one kind of owner; a row opens its ledger, where managers distribute and collect. */
export function pointDefinition(owner: PointOwner): ResourceDefinition {
  const idField = ownerIdField(owner);
  return {
    title: TITLES[owner],
    apiPath: `point/${owner}`,
    routeBase: `/point/${owner}`,
    program: `point.${owner}`,
    idField,
    idType: 'number',
    readOnly: true,
    columns: [
      ...(owner === 'salesuser'
        ? [
            { field: 'uId', title: '아이디', width: 130 },
            { field: 'uName', title: '이름', width: 120, name: true },
            { field: 'cName', title: '영업사', ellipsis: true },
          ]
        : [
            { field: 'cId', title: 'ID', width: 80 },
            { field: 'cName', title: owner === 'advertiser' ? '광고주' : '영업사', ellipsis: true, name: true },
          ]),
      { field: 'balance', title: '잔액(P)', kind: 'number', width: 140 },
      { field: 'updatedAt', title: '최근 변동', kind: 'dateTime', width: 180 },
    ],
    filters: [{ field: 'cName', label: owner === 'advertiser' ? '광고주명' : '영업사명' }],
    fields: [],
    actions: pointActions(owner),
  };
}

/** Ledger entry types: manual (distribute, collect) and business events (save, use). */
export const POINT_TYPE_LABELS: Record<string, string> = { distribute: '배분', collect: '회수', save: '적립', use: '사용' };
export const POINT_TYPE_COLORS: Record<string, string> = { distribute: 'blue', collect: 'orange', save: 'green', use: 'red' };
