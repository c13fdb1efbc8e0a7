import { DeleteOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Popconfirm, Space, Spin, Table, Typography, type TableProps } from 'antd';
import { lazy, Suspense, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { notifySuccess } from '../../lib/notify';
import { usePermissions } from '../../lib/permission';
import { ListFilterForm } from './ListFilterForm';
import type { ListQuery, ResourceDefinition, Row } from './definition';
import { CountCards } from './list/CountCards';
import { ListActions } from './list/ListActions';
import { ListPanels } from './list/ListPanels';
import { listQueryProblem, readListQuery, writeListQuery } from './listQuery';
import { useResourcePermissions } from './permissions';
import { useDeleteResource, useResourceList } from './resourceApi';
import { tableMinWidth, toTableColumns } from './tableColumns';

// Charts are drawn by a large library: fetched only by the lists that have one.
const ListChart = lazy(() => import('./list/ListChart'));

interface ResourceListProps {
  definition: ResourceDefinition;
  /** More buttons for the toolbar, beside register and delete. */
  actions?: ReactNode;
  /** What a click on a row does instead of opening its view screen (a drawer of the row). */
  onRowOpen?: (row: Row) => void;
  /** Shown under the title, above the list's note and search conditions (a panel editing the row picked below). */
  intro?: ReactNode;
}

/**
 * The list screen of a resource: search conditions, a server-paged and server-sorted table, selection
 * with delete and the list's actions, register, and a click on a row to open it; with the
 * definition's count cards, chart, download and panels. Buttons the user may not use are not shown.
 */
export function ResourceList({ definition, actions, onRowOpen, intro }: ResourceListProps) {
  const { idField, routeBase, title } = definition;
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => readListQuery(searchParams, definition), [searchParams, definition]);
  const problem = listQueryProblem(definition, query.filters);
  const navigate = useNavigate();
  const granted = usePermissions(definition.program);
  // A log offers nothing to register or delete, nor do rows only other roles change.
  const can = useResourcePermissions(definition);
  const { data, isFetching } = useResourceList(definition, query, problem === null);
  const remove = useDeleteResource(definition);
  const [selected, setSelected] = useState<Row[]>([]);
  const selectable = can.delete || (definition.listActions ?? []).some((action) => action.onSelection && granted[action.permission]);
  const rows = problem === null ? (data?.list ?? []) : [];
  const keyOf = (row: Row) => (definition.rowKey ? definition.rowKey(row) : String(row[idField]));

  const change = (next: ListQuery) => {
    setSelected([]);
    setSearchParams(writeListQuery(next));
  };

  const columns = toTableColumns(definition.columns, {
    sortOrder: (column) => (query.sortField === column.field ? (query.sortOrder === 'asc' ? 'ascend' : 'descend') : null),
  });

  const onTableChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const sortField = single?.order ? String(single.columnKey) : undefined;
    const sortOrder = single?.order === 'ascend' ? 'asc' : single?.order === 'descend' ? 'desc' : undefined;
    const sortChanged = sortField !== query.sortField || sortOrder !== query.sortOrder;
    change({ ...query, sortField, sortOrder, page: sortChanged ? 1 : (pagination.current ?? 1) });
  };

  const deleteSelected = async () => {
    try {
      await remove.mutateAsync(selected.map((row) => row[idField]));
    } catch {
      return; // the failure was alerted by the client library
    }
    notifySuccess('삭제되었습니다.');
    const emptiedPage = selected.length === data?.list.length && query.page > 1;
    change({ ...query, page: emptiedPage ? query.page - 1 : query.page });
  };

  // A row opens its view screen only for users who may read it there (a list may be granted alone).
  const opensRows = !!onRowOpen || !!definition.rowPath || can.view;
  const openRow = (row: Row, event: MouseEvent) => {
    // A click on the selection checkbox selects; it does not open the row.
    if ((event.target as HTMLElement).closest('.ant-table-selection-column')) return;
    if (onRowOpen) return onRowOpen(row);
    navigate(definition.rowPath ? definition.rowPath(row) : `${routeBase}/view?${new URLSearchParams({ [idField]: String(row[idField]) })}`);
  };

  const { countCards, chart, exportLink, listPanels } = definition;

  return (
    <div className="resource-list">
      <Typography.Title level={4}>{title}</Typography.Title>
      {intro}
      {definition.listNote && <Typography.Paragraph type="secondary">{definition.listNote}</Typography.Paragraph>}
      {countCards && (
        <CountCards
          cards={countCards}
          counts={data?.[countCards.countsField] as Record<string, number> | undefined}
          active={query.filters[countCards.field] ?? ''}
          onPick={(code) => change({ ...query, filters: { ...query.filters, [countCards.field]: code }, page: 1 })}
        />
      )}
      {definition.filters.length > 0 && (
        <ListFilterForm
          filters={definition.filters}
          values={query.filters}
          onSearch={(filters) => change({ ...query, filters, page: 1 })}
        />
      )}
      {problem && <Alert className="list-problem" type="warning" showIcon title={problem} />}
      {chart && problem === null && (
        <Suspense fallback={<Spin />}>
          <ListChart chart={chart} filters={query.filters} rows={rows} />
        </Suspense>
      )}
      <div className="list-toolbar">
        <span>
          총 <strong>{(problem === null ? (data?.totalCount ?? 0) : 0).toLocaleString('ko-KR')}</strong>건
        </span>
        <Space>
          {actions}
          <ListActions definition={definition} selected={selected} onDone={() => setSelected([])} />
          {exportLink && granted[exportLink.permission] && problem === null && (
            <Button icon={<DownloadOutlined />} href={exportLink.href(query.filters)} download>
              {exportLink.label}
            </Button>
          )}
          {can.delete && (
            <Popconfirm
              title={`선택한 ${selected.length}건을 삭제하시겠습니까?`}
              okText="삭제"
              cancelText="취소"
              onConfirm={deleteSelected}
              disabled={selected.length === 0}
            >
              <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} loading={remove.isPending}>
                삭제
              </Button>
            </Popconfirm>
          )}
          {can.write && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${routeBase}/${definition.separateWriteScreen ? 'write' : 'view'}`)}>
              {definition.registerLabel ?? '등록'}
            </Button>
          )}
        </Space>
      </div>
      <Table<Row>
        rowKey={keyOf}
        columns={columns}
        tableLayout="fixed"
        scroll={{ x: tableMinWidth(definition.columns, selectable) }}
        dataSource={rows}
        loading={isFetching && !(definition.refreshSeconds && data)}
        onChange={onTableChange}
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total: problem === null ? (data?.totalCount ?? 0) : 0,
          showSizeChanger: false,
        }}
        rowSelection={
          selectable
            ? {
                fixed: true,
                selectedRowKeys: selected.map(keyOf),
                onChange: (_keys, picked) => setSelected(picked),
                getCheckboxProps: (row) => ({ disabled: definition.rowSelectable ? !definition.rowSelectable(row) : false }),
              }
            : undefined
        }
        onRow={(row) => (opensRows ? { onClick: (event) => openRow(row, event), className: 'clickable-row' } : {})}
      />
      {listPanels && <ListPanels panels={listPanels} refreshSeconds={definition.refreshSeconds} />}
    </div>
  );
}
