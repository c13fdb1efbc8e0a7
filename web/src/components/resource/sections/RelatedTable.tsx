import { Table } from 'antd';
import { useNavigate } from 'react-router';
import type { ColumnDefinition, ResourceDefinition, Row } from '../definition';
import { tableMinWidth, toTableColumns } from '../tableColumns';
import { useRelated } from '../relatedApi';

interface RelatedTableProps {
  definition: ResourceDefinition;
  url: string;
  body: object;
  columns: ColumnDefinition[];
  rowKey: string;
  openPath?: (row: Row) => string;
}

/** Rows related to the row (the users of a corp), read only; a click may open one. */
export function RelatedTable({ definition, url, body, columns, rowKey, openPath }: RelatedTableProps) {
  const { data, isFetching } = useRelated<{ list: Row[] }>(definition, url, body);
  const navigate = useNavigate();
  const tableColumns = toTableColumns(columns);
  return (
    <Table<Row>
      size="small"
      rowKey={(row) => String(row[rowKey])}
      columns={tableColumns}
      tableLayout="fixed"
      scroll={{ x: tableMinWidth(columns) }}
      dataSource={data?.list ?? []}
      loading={isFetching}
      pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
      onRow={(row) => (openPath ? { onClick: () => navigate(openPath(row)), className: 'clickable-row' } : {})}
    />
  );
}
