import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Table, Typography, type TableProps } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ListQuery, Row } from '../../../components/resource/definition';
import { ListFilterForm } from '../../../components/resource/ListFilterForm';
import { listQueryProblem, readListQuery, writeListQuery } from '../../../components/resource/listQuery';
import { useResourceList } from '../../../components/resource/resourceApi';
import { tableMinWidth, toTableColumns } from '../../../components/resource/tableColumns';
import { usePermissions } from '../../../lib/permission';
import { formatWon } from '../../../lib/money';
import { MANAGING_ROLES } from '../../../lib/roles';
import { useSessionUser } from '../../../lib/session/sessionStore';
import { ClosedTag } from './ClosedTag';
import type { SettlementExtras, SettlementListDefinition } from './settlementList';
import { sumCells } from './sumRow';
import '../settlement.css';

/**
 * A month's settlement list: the month and the list's conditions, a paged table with the sum row of
 * the whole month under it, whether the figures are closed or computed live, and the Excel file.
 */
export function SettlementListPage({ definition: full }: { definition: SettlementListDefinition }) {
  const managing = MANAGING_ROLES.includes(Number(useSessionUser()?.roleCd));
  const definition = useMemo(
    () => (managing ? full : { ...full, filters: full.filters.filter((filter) => !full.managerFilters?.includes(filter.field)) }),
    [full, managing],
  );
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => readListQuery(searchParams, definition), [searchParams, definition]);
  const problem = listQueryProblem(definition, query.filters);
  const can = usePermissions(definition.program);
  const { data, isFetching } = useResourceList(definition, query, problem === null);
  const answered = problem === null ? data : undefined;
  const extras = (answered ?? {}) as SettlementExtras;
  const rows = answered?.list ?? [];
  const { exportLink } = definition;

  const change = (next: ListQuery) => setSearchParams(writeListQuery(next));

  const numeric = (field: string) => definition.numericFields.includes(field);
  const columns = toTableColumns(definition.columns, { align: (column) => (numeric(column.field) ? 'right' : undefined) });

  const onTableChange: TableProps<Row>['onChange'] = (pagination) => change({ ...query, page: pagination.current ?? 1 });

  const sum = sumCells(definition.columns, definition.sumFields, extras.sum);

  return (
    <div className="resource-list settlement-list">
      <Space className="settlement-heading">
        <Typography.Title level={4}>{definition.title}</Typography.Title>
        {answered && <ClosedTag closed={extras.closed === true} />}
      </Space>
      {definition.listNote && <Typography.Paragraph type="secondary">{definition.listNote}</Typography.Paragraph>}
      <ListFilterForm filters={definition.filters} values={query.filters} onSearch={(filters) => change({ ...query, filters, page: 1 })} />
      {problem && <Alert className="list-problem" type="warning" showIcon title={problem} />}
      <div className="list-toolbar">
        <span>
          총 <strong>{(answered?.totalCount ?? 0).toLocaleString('ko-KR')}</strong>건
        </span>
        {exportLink && can[exportLink.permission] && problem === null && (
          <Button icon={<DownloadOutlined />} href={exportLink.href(query.filters)} download>
            {exportLink.label}
          </Button>
        )}
      </div>
      <Table<Row>
        rowKey={(row) => (definition.rowKey ? definition.rowKey(row) : String(row[definition.idField]))}
        columns={columns}
        tableLayout="fixed"
        scroll={{ x: tableMinWidth(definition.columns) }}
        dataSource={rows}
        loading={isFetching}
        onChange={onTableChange}
        locale={{ emptyText: '이 달의 정산 자료가 없습니다.' }}
        pagination={{ current: query.page, pageSize: query.pageSize, total: answered?.totalCount ?? 0, showSizeChanger: false }}
        summary={() =>
          sum.length > 0 ? (
            <Table.Summary.Row className="settlement-sum">
              {sum.map((cell) => (
                <Table.Summary.Cell key={cell.index} index={cell.index} colSpan={cell.colSpan} align={cell.amount ? 'right' : undefined}>
                  <span data-sum-field={cell.amount ? definition.columns[cell.index].field : undefined}>{cell.text}</span>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
      />
      {definition.sumParts && extras.sum && (
        <Typography.Paragraph className="settlement-sum-parts" type="secondary">
          {definition.sumParts.map((part) => (
            <span key={part.field} data-sum-part={part.field}>
              {part.label} {formatWon(extras.sum?.[part.field])}
            </span>
          ))}
        </Typography.Paragraph>
      )}
    </div>
  );
}
