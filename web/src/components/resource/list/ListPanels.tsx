import { useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import { Panel } from '../../common/Panel';
import { useNavigate } from 'react-router';
import { getJson } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/envelope';
import type { ListPanel, Row } from '../definition';
import { tableMinWidth, toTableColumns } from '../tableColumns';

function ListPanelTable({ panel, refreshSeconds }: { panel: ListPanel; refreshSeconds?: number }) {
  const navigate = useNavigate();
  const { data, isFetching } = useQuery({
    queryKey: ['listPanel', panel.url],
    queryFn: async () => unwrap(await getJson<Record<string, unknown>>(panel.url)),
    refetchInterval: refreshSeconds ? refreshSeconds * 1000 : false,
  });
  const rows = (data?.[panel.listField] as Row[] | undefined) ?? [];
  const columns = toTableColumns(panel.columns);
  const openPath = panel.openPath;
  return (
    <Panel title={panel.title} className="list-panel">
      <Table<Row>
        size="small"
        rowKey={(row) => String(row[panel.rowKey])}
        columns={columns}
        tableLayout="fixed"
        scroll={{ x: tableMinWidth(panel.columns) }}
        dataSource={rows}
        loading={isFetching && !data}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        onRow={(row) => (openPath ? { onClick: () => navigate(openPath(row)), className: 'clickable-row' } : {})}
      />
    </Panel>
  );
}

/** Read-only tables below a list, each from a call of its own, refreshed with the list. */
export function ListPanels({ panels, refreshSeconds }: { panels: ListPanel[]; refreshSeconds?: number }) {
  return (
    <>
      {panels.map((panel) => (
        <ListPanelTable key={panel.key} panel={panel} refreshSeconds={refreshSeconds} />
      ))}
    </>
  );
}
