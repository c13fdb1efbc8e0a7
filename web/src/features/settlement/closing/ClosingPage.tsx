import { Alert, Button, Popconfirm, Select, Space, Table, Typography, type TableColumnsType, type TableProps } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FilterForm } from '../../../components/common/FilterForm';
import { AskPrompt } from '../../../components/resource/AskPrompt';
import type { FieldDefinition, ListQuery, Row } from '../../../components/resource/definition';
import { listQueryProblem, readListQuery, writeListQuery } from '../../../components/resource/listQuery';
import { useResourceList } from '../../../components/resource/resourceApi';
import { toTableColumns } from '../../../components/resource/tableColumns';
import { notifySuccess } from '../../../lib/notify';
import { usePermissions } from '../../../lib/permission';
import { useCloseMonth } from './api/closeMonth';
import { useReopenMonth } from './api/reopenMonth';
import { CloseMonthControl } from './CloseMonthControl';
import { ClosingHistoryDrawer } from './ClosingHistoryDrawer';
import { ClosingProgressCard } from './ClosingProgressCard';
import { CLOSED, CLOSING_STATUS_LABELS, OPEN } from './closingStatus';
import { closingDefinition as definition } from './definition';
import '../settlement.css';

const REOPEN_FIELDS: FieldDefinition[] = [{ field: 'reason', label: '재오픈 사유', kind: 'textarea', required: true, maxLength: 500 }];

const STATUS_OPTIONS = [OPEN, CLOSED].map((status) => ({ value: String(status), label: CLOSING_STATUS_LABELS[status] }));

/** The settlement lists of a month, each shown only to who may read it. */
function MonthLinks({ month }: { month: string }) {
  const media = usePermissions('settlement.media').list;
  const sales = usePermissions('settlement.sales').list;
  const campaigns = usePermissions('settlement.closing').list;
  const query = `?${new URLSearchParams({ month })}`;
  return (
    <Space size="small" wrap>
      {media && <Link to={`/settlement/media/list${query}`}>매체</Link>}
      {sales && <Link to={`/settlement/sales/list${query}`}>영업</Link>}
      {campaigns && <Link to={`/settlement/jungsan/list${query}`}>캠페인</Link>}
    </Space>
  );
}

/**
 * The closing of months: each month with its status and figures, its settlement lists and its
 * history; managers close a month (a job followed until the month is closed) and reopen one with a
 * reason.
 */
export default function ClosingPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => readListQuery(searchParams, definition), [searchParams]);
  const problem = listQueryProblem(definition, query.filters);
  const { data, isFetching } = useResourceList(definition, query, problem === null);
  const manage = usePermissions(definition.program).update;
  const close = useCloseMonth();
  const reopen = useReopenMonth();
  const [followed, setFollowed] = useState<string | null>(null);
  const [reopening, setReopening] = useState<string | null>(null);
  const [history, setHistory] = useState<string | null>(null);
  const rows = problem === null ? (data?.list ?? []) : [];
  // A closing started elsewhere (another manager, an earlier visit) is followed as well.
  const running = rows.find((row) => row.closing === true);
  const shownProgress = followed ?? (running ? String(running.month) : null);

  const change = (next: ListQuery) => setSearchParams(writeListQuery(next));

  const startClosing = async (month: string) => {
    try {
      await close.mutateAsync(month);
    } catch {
      return; // alerted by the client library
    }
    setFollowed(month);
  };

  const sendReopen = async (month: string, reason: string) => {
    try {
      await reopen.mutateAsync({ month, reason });
    } catch {
      return; // alerted by the client library
    }
    setReopening(null);
    if (followed === month) setFollowed(null);
    notifySuccess(`${month}을(를) 재오픈했습니다.`);
  };

  const columns: TableColumnsType<Row> = [
    ...toTableColumns(definition.columns, { align: (column) => (column.field === 'campaigns' || column.field === 'revenue' ? 'right' : undefined) }),
    { key: 'lists', title: '정산 내역', width: 160, render: (_value: unknown, row: Row) => <MonthLinks month={String(row.month)} /> },
    {
      key: 'actions',
      title: '작업',
      width: 190,
      render: (_value: unknown, row: Row) => {
        const month = String(row.month);
        const closed = Number(row.status) === CLOSED;
        const closing = row.closing === true;
        return (
          <Space size="small">
            <Button size="small" onClick={() => setHistory(month)}>
              이력
            </Button>
            {manage && !closed && !closing && (
              <Popconfirm title={`${month}을(를) 마감하시겠습니까?`} okText="마감" cancelText="취소" onConfirm={() => startClosing(month)}>
                <Button size="small" type="primary" loading={close.isPending && close.variables === month}>
                  마감
                </Button>
              </Popconfirm>
            )}
            {manage && closed && (
              <Button size="small" danger onClick={() => setReopening(month)}>
                재오픈
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  const onTableChange: TableProps<Row>['onChange'] = (pagination) => change({ ...query, page: pagination.current ?? 1 });

  return (
    <div className="resource-list closing-list">
      <Typography.Title level={4}>{definition.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{definition.listNote}</Typography.Paragraph>
      <FilterForm
        filters={definition.filters}
        values={query.filters}
        onSearch={(filters) => change({ ...query, filters, page: 1 })}
        customControl={(filter, { id, value, onChange }) =>
          filter.field === 'status' ? (
            <Select
              id={id}
              allowClear
              placeholder="전체"
              style={{ width: 120 }}
              options={STATUS_OPTIONS}
              value={value || undefined}
              onChange={(status) => onChange?.(status ?? '')}
            />
          ) : null
        }
      />
      {problem && <Alert className="list-problem" type="warning" showIcon title={problem} />}
      {shownProgress && <ClosingProgressCard key={shownProgress} month={shownProgress} onDismiss={() => setFollowed(null)} />}
      <div className="list-toolbar">
        <span>
          총 <strong>{(problem === null ? (data?.totalCount ?? 0) : 0).toLocaleString('ko-KR')}</strong>건
        </span>
        {manage && <CloseMonthControl closing={close.isPending} onClose={(month) => void startClosing(month)} />}
      </div>
      <Table<Row>
        rowKey={(row) => String(row.month)}
        columns={columns}
        dataSource={rows}
        loading={isFetching}
        onChange={onTableChange}
        locale={{ emptyText: '정산할 달이 없습니다.' }}
        pagination={{ current: query.page, pageSize: query.pageSize, total: problem === null ? (data?.totalCount ?? 0) : 0, showSizeChanger: false }}
      />
      <ClosingHistoryDrawer month={history} onClose={() => setHistory(null)} />
      {manage && (
        <AskPrompt
          open={reopening !== null}
          title={`${reopening ?? ''} 재오픈`}
          fields={REOPEN_FIELDS}
          saving={reopen.isPending}
          onSubmit={(answers) => reopening && void sendReopen(reopening, String(answers.reason ?? ''))}
          onCancel={() => setReopening(null)}
        />
      )}
    </div>
  );
}
