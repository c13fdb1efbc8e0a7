import { Table, Tag } from 'antd';
import { useMemo } from 'react';
import { CodeTag } from '../../../components/code/CodeTag';
import type { ResourceDefinition, Row } from '../../../components/resource/definition';
import { RowActions } from '../../../components/resource/RowActions';
import { formatDateTime } from '../../../lib/dates';
import { WRITE_TYPE_COLORS } from '../writeType';
import { CHANGE_ACTIONS } from './campaignActions';
import { CHANGE_STATUS_COLORS, CHANGE_STATUS_LABELS, changeSummary } from './changeSummary';

interface ChangesTableProps {
  /** The campaign's resource: approving a change refreshes its detail. */
  definition: ResourceDefinition;
  cmpgId: unknown;
  changes: Row[];
  /** The change the screen was opened for (from the request list), marked. */
  marked?: string | null;
}

const ACTIONS_WIDTH = 130;
/** Every column but the content: number, type, status, time and actions. */
const FIXED_WIDTHS = 60 + 100 + 70 + 150 + ACTIONS_WIDTH;
/** The least the content column keeps: a change and its money on two or three lines, not a letter a line. */
export const SUMMARY_MIN_WIDTH = 240;

/** The campaign's change requests, pending ones with approve and reject for approvers. */
export function ChangesTable({ definition, cmpgId, changes, marked }: ChangesTableProps) {
  // Approving or rejecting a change is the request program's update, whichever list shows the campaign.
  const changeDefinition = useMemo<ResourceDefinition>(() => ({ ...definition, program: 'campaign.request', actions: CHANGE_ACTIONS }), [definition]);
  return (
    <Table<Row>
      size="small"
      rowKey={(change) => String(change.chgIdx)}
      className="changes-table"
      tableLayout="fixed"
      // The content keeps a readable width; a narrow screen scrolls the table instead.
      scroll={{ x: FIXED_WIDTHS + SUMMARY_MIN_WIDTH }}
      dataSource={changes}
      pagination={false}
      locale={{ emptyText: '변경 요청이 없습니다.' }}
      rowClassName={(change) => (marked !== null && marked !== undefined && String(change.chgIdx) === marked ? 'marked-row' : '')}
      columns={[
        { key: 'chgIdx', dataIndex: 'chgIdx', title: '번호', width: 60 },
        { key: 'writeType', title: '유형', width: 100, render: (_value, change) => <CodeTag cdKey="CMPG_WRITE_TYPE" value={change.writeType} colors={WRITE_TYPE_COLORS} /> },
        {
          key: 'summary',
          title: '내용',
          // What changes and why, read whole: the reason under the change, wrapped, never cut.
          render: (_value, change) => (
            <>
              <div className="change-summary">{changeSummary(change)}</div>
              {change.reason ? <div className="change-reason secondary-text">사유: {String(change.reason)}</div> : null}
            </>
          ),
        },
        {
          key: 'status',
          title: '상태',
          width: 70,
          render: (_value, change) => <Tag color={CHANGE_STATUS_COLORS[Number(change.status)]}>{CHANGE_STATUS_LABELS[Number(change.status)] ?? String(change.status)}</Tag>,
        },
        { key: 'createdAt', title: '요청일시', width: 150, render: (_value, change) => formatDateTime(change.createdAt as string | null) },
        { key: 'actions', title: '', width: ACTIONS_WIDTH, render: (_value, change) => <RowActions definition={changeDefinition} row={{ ...change, cmpgId }} /> },
      ]}
    />
  );
}
