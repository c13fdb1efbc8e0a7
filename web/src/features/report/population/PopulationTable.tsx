import { Table, Typography } from 'antd';
import type { PopulationRow } from './populationApi';
import { usePopulation } from './populationApi';
import { drillPrefix, levelLabel } from './regionPrefix';

const number = (value: number | undefined) => (value ?? 0).toLocaleString('ko-KR');

interface PopulationTableProps {
  /** The region the rows are below; the whole country when null. */
  prefix: string | null;
  /** Opens the regions below a row; the rows do not open without it. */
  onOpen?: (prefix: string) => void;
}

/** Sites, households and the audience per region one level below a region, with their sum. */
export function PopulationTable({ prefix, onOpen }: PopulationTableProps) {
  const { data, isFetching } = usePopulation(prefix);
  const openable = (row: PopulationRow) => (onOpen ? drillPrefix(row.rgnCd, prefix) : null);

  return (
    <Table<PopulationRow>
      size="small"
      className="population-table"
      rowKey="rgnCd"
      loading={isFetching}
      dataSource={data?.list ?? []}
      pagination={false}
      locale={{ emptyText: '사이트가 있는 지역이 없습니다.' }}
      onRow={(row) => {
        const next = openable(row);
        return next ? { onClick: () => onOpen?.(next), className: 'clickable-row' } : {};
      }}
      columns={[
        {
          key: 'rgnNm',
          title: levelLabel(prefix),
          render: (_value, row) => (openable(row) ? <Typography.Link>{row.rgnNm ?? row.rgnCd}</Typography.Link> : (row.rgnNm ?? row.rgnCd)),
        },
        { key: 'sites', title: '사이트 수', align: 'right', width: 120, render: (_value, row) => number(row.sites) },
        { key: 'households', title: '세대 수', align: 'right', width: 140, render: (_value, row) => number(row.households) },
        { key: 'multiplier', title: '노출 배수', align: 'right', width: 110, render: (_value, row) => row.multiplier.toLocaleString('ko-KR', { maximumFractionDigits: 2 }) },
        { key: 'audience', title: '예상 노출 인원', align: 'right', width: 150, render: (_value, row) => number(row.audience) },
      ]}
      summary={() =>
        data && data.list.length > 0 ? (
          <Table.Summary.Row className="population-sum">
            <Table.Summary.Cell index={0}>
              <Typography.Text strong>합계</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              {number(data.sum.sites)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              {number(data.sum.households)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} />
            <Table.Summary.Cell index={4} align="right">
              {number(data.sum.audience)}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        ) : null
      }
    />
  );
}
