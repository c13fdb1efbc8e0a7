import { Descriptions, Drawer, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import type { ResourceDefinition, Row } from '../../components/resource/definition';
import { useRelated } from '../../components/resource/relatedApi';
import { RowActions } from '../../components/resource/RowActions';
import { formatDateTime } from '../../lib/dates';
import { ownerIdField, ownerName, POINT_TYPE_COLORS, POINT_TYPE_LABELS, type PointOwner } from './definition';

const PAGE_SIZE = 10;
const points = (value: unknown) => (typeof value === 'number' ? `${value.toLocaleString('ko-KR')}P` : '');

interface PointLedgerDrawerProps {
  owner: PointOwner;
  definition: ResourceDefinition;
  /** The balance row opened; null while closed. */
  row: Row | null;
  onClose: () => void;
}

/** One owner's ledger, newest first, with distribute and collect for managers; the balance follows each call. */
export function PointLedgerDrawer({ owner, definition, row, onClose }: PointLedgerDrawerProps) {
  const [page, setPage] = useState(1);
  const [balance, setBalance] = useState<unknown>(null);
  useEffect(() => {
    setPage(1);
    setBalance(null);
  }, [row]);

  return (
    <Drawer title={row ? `${ownerName(owner, row)} 포인트 내역` : ''} open={row !== null} onClose={onClose} size={820} destroyOnHidden>
      {row && (
        <Ledger
          owner={owner}
          definition={definition}
          row={row}
          page={page}
          onPage={setPage}
          balance={balance ?? row.balance}
          onBalance={setBalance}
        />
      )}
    </Drawer>
  );
}

interface LedgerProps {
  owner: PointOwner;
  definition: ResourceDefinition;
  row: Row;
  page: number;
  onPage: (page: number) => void;
  balance: unknown;
  onBalance: (balance: unknown) => void;
}

function Ledger({ owner, definition, row, page, onPage, balance, onBalance }: LedgerProps) {
  const idField = ownerIdField(owner);
  const { data, isFetching } = useRelated<{ list: Row[]; totalCount?: number }>(definition, `/api/point/${owner}/jsonHistory.do`, {
    [idField]: row[idField],
    page,
    pageSize: PAGE_SIZE,
  });
  return (
    <Space orientation="vertical" size="middle" className="point-ledger" style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={2} items={[{ key: 'balance', label: '현재 잔액', children: <strong className="point-balance">{points(balance)}</strong> }]} />
      <Space>
        <RowActions
          definition={definition}
          row={row}
          onDone={(_action, answer) => {
            const next = (answer as { balance?: unknown } | null)?.balance;
            if (next !== undefined) onBalance(next);
            onPage(1);
          }}
        />
      </Space>
      <Table<Row>
        size="small"
        rowKey={(entry) => String(entry.ptIdx)}
        loading={isFetching}
        dataSource={data?.list ?? []}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.totalCount ?? data?.list.length ?? 0, showSizeChanger: false, onChange: onPage }}
        columns={[
          { key: 'createdAt', title: '일시', width: 170, render: (_value, entry) => formatDateTime(entry.createdAt as string | null) },
          {
            key: 'ptType',
            title: '구분',
            width: 80,
            render: (_value, entry) => <Tag color={POINT_TYPE_COLORS[String(entry.ptType)]}>{POINT_TYPE_LABELS[String(entry.ptType)] ?? String(entry.ptType ?? '')}</Tag>,
          },
          { key: 'amount', title: '포인트', width: 120, align: 'right', render: (_value, entry) => points(entry.amount) },
          { key: 'balance', title: '잔액', width: 120, align: 'right', render: (_value, entry) => points(entry.balance) },
          { key: 'ref', title: '관련', width: 110, render: (_value, entry) => (entry.refType ? `${String(entry.refType)} ${String(entry.refId ?? '')}` : '') },
          { key: 'memo', dataIndex: 'memo', title: '메모', ellipsis: true },
          { key: 'uId', dataIndex: 'uId', title: '처리자', width: 100 },
        ]}
      />
    </Space>
  );
}
