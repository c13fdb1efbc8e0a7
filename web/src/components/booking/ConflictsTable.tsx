import { Table, Typography } from 'antd';
import { conflictRows, type Conflict, type ConflictRow } from './conflicts';
import './booking.css';

interface ConflictsTableProps {
  conflicts: Conflict[];
  /** Names of the groups the screen knows, by mgId. */
  groupNames: Record<number, string | undefined>;
}

const amount = (value: number) => value.toLocaleString('ko-KR');

/** The days a target group has no room for the campaign, in red. */
export function ConflictsTable({ conflicts, groupNames }: ConflictsTableProps) {
  return (
    <div className="conflicts">
      <Typography.Text type="danger" strong>
        판매 불가 {conflicts.length.toLocaleString('ko-KR')}건: 아래 날짜에는 구좌가 부족합니다.
      </Typography.Text>
      <Table<ConflictRow>
        className="conflicts-table"
        size="small"
        rowKey="key"
        dataSource={conflictRows(conflicts, groupNames)}
        pagination={conflicts.length > 10 ? { pageSize: 10, showSizeChanger: false, size: 'small' } : false}
        columns={[
          { key: 'mgNm', title: '매체 그룹', render: (_value, row) => <span title={`매체 그룹 ID ${row.mgId}`}>{row.mgNm}</span> },
          { key: 'date', dataIndex: 'date', title: '일자', width: 100 },
          { key: 'used', title: '판매/전체 구좌', width: 110, render: (_value, row) => `${amount(row.used)} / ${amount(row.capacity)}` },
        ]}
      />
    </div>
  );
}
