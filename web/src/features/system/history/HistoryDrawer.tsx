import { Descriptions, Drawer, Spin, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useResourceDetail } from '../../../components/resource/resourceApi';
import { formatDateTime } from '../../../lib/dates';
import { actionLabel, actorLabel } from '../../../lib/history';
import { historyDefinition } from './definition';
import { TargetName } from './TargetName';
import { diffSnapshots, type DiffLine } from './diff';

/** One history entry: who did what and when, and the row before and after side by side, changes marked. */
export function HistoryDrawer({ hIdx, onClose }: { hIdx: string | null; onClose: () => void }) {
  const { data, isPending } = useResourceDetail(historyDefinition, hIdx);
  const [changedOnly, setChangedOnly] = useState(false);
  const lines = data ? diffSnapshots(data.before as string | null, data.after as string | null) : [];
  const shown = changedOnly ? lines.filter((line) => line.changed) : lines;

  return (
    <Drawer title="변경 이력 상세" open={hIdx !== null} onClose={onClose} size={760} destroyOnHidden>
      {hIdx !== null && isPending ? (
        <Spin />
      ) : (
        data && (
          <>
            <Descriptions
              bordered
              size="small"
              column={2}
              items={[
                { key: 'target', label: '대상', children: <><TargetName code={data.target} /> #{String(data.targetId ?? '')}</> },
                { key: 'action', label: '작업', children: actionLabel(data.action, data.target) },
                { key: 'uId', label: '작업자', children: actorLabel(data.uId) },
                { key: 'createdAt', label: '일시', children: formatDateTime(data.createdAt as string | null) },
              ]}
            />
            <div className="list-toolbar">
              <span>
                바뀐 항목 <strong>{lines.filter((line) => line.changed).length}</strong>개
              </span>
              <span>
                <Switch size="small" checked={changedOnly} onChange={setChangedOnly} aria-label="바뀐 항목만" /> 바뀐 항목만
              </span>
            </div>
            <Table<DiffLine>
              className="history-diff"
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={shown}
              rowClassName={(line) => (line.changed ? 'diff-changed' : '')}
              columns={[
                {
                  key: 'key',
                  title: '항목',
                  width: 170,
                  render: (_value, line) => (
                    <span>
                      {line.key} {line.changed && <Tag color="orange">변경</Tag>}
                    </span>
                  ),
                },
                { key: 'before', dataIndex: 'before', title: '이전', className: 'diff-value' },
                { key: 'after', dataIndex: 'after', title: '이후', className: 'diff-value' },
              ]}
            />
          </>
        )
      )}
    </Drawer>
  );
}
