import { Drawer, Table, Tag } from 'antd';
import { formatDateTime } from '../../../lib/dates';
import { formatWon } from '../../../lib/money';
import { useClosingHistory, type ClosingEvent } from './api/getClosingHistory';

const ACTIONS: Record<string, { label: string; color: string }> = {
  close: { label: '마감', color: 'green' },
  reopen: { label: '재오픈', color: 'orange' },
};

/** Every closing and reopening of a month, with who did it, why, and the figures it closed with. */
export function ClosingHistoryDrawer({ month, onClose }: { month: string | null; onClose: () => void }) {
  const { data, isFetching } = useClosingHistory(month);
  return (
    <Drawer title={`${month ?? ''} 마감 이력`} open={month !== null} onClose={onClose} size={820} destroyOnHidden>
      <Table<ClosingEvent>
        size="small"
        className="closing-history"
        rowKey={(event) => `${event.createdAt}-${event.action}`}
        dataSource={data ?? []}
        loading={isFetching}
        pagination={false}
        locale={{ emptyText: '이력이 없습니다.' }}
        columns={[
          {
            key: 'action',
            dataIndex: 'action',
            title: '구분',
            width: 80,
            render: (action: string) => <Tag color={ACTIONS[action]?.color}>{ACTIONS[action]?.label ?? action}</Tag>,
          },
          { key: 'createdAt', dataIndex: 'createdAt', title: '일시', width: 170, render: (value: string) => formatDateTime(value) },
          { key: 'uName', dataIndex: 'uName', title: '처리자', width: 90 },
          { key: 'reason', dataIndex: 'reason', title: '사유', render: (value: string | null) => <span className="preserve-lines">{value ?? ''}</span> },
          { key: 'campaigns', dataIndex: 'campaigns', title: '캠페인 수', align: 'right', width: 90, render: (value: number | null) => (value === null ? '' : value.toLocaleString('ko-KR')) },
          { key: 'revenue', dataIndex: 'revenue', title: '매출', align: 'right', width: 130, render: (value: number | null) => (value === null ? '' : formatWon(value)) },
        ]}
      />
    </Drawer>
  );
}
