import { Table, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import type { ColumnDefinition, ResourceDefinition, Row } from '../definition';
import { FieldValue } from '../FieldValue';
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
  const tableColumns: TableColumnsType<Row> = columns.map((column) => ({
    key: column.field,
    dataIndex: column.field,
    title: column.title,
    width: column.width,
    render: (value: unknown, row: Row) =>
      column.render ? column.render(value, row) : <FieldValue shape={column} value={value} row={row} />,
  }));
  return (
    <Table<Row>
      size="small"
      rowKey={(row) => String(row[rowKey])}
      columns={tableColumns}
      dataSource={data?.list ?? []}
      loading={isFetching}
      pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
      onRow={(row) => (openPath ? { onClick: () => navigate(openPath(row)), className: 'clickable-row' } : {})}
    />
  );
}
