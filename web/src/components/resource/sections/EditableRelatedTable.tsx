import { PlusOutlined } from '@ant-design/icons';
import { Button, Input, Space, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { alertMessage, notifySuccess } from '../../../lib/notify';
import { usePermissions } from '../../../lib/permission';
import { removeColumn } from '../../form/removeColumn';
import type { DetailSection, ResourceDefinition, Row } from '../definition';
import { useRelated, useRowCall } from '../relatedApi';

type EditableSection = Extract<DetailSection, { kind: 'editableTable' }>;

interface Line {
  key: number;
  values: Record<string, string>;
}

interface EditableRelatedTableProps {
  definition: ResourceDefinition;
  section: EditableSection;
  row: Row;
}

let nextLineKey = 0;

function toLine(columns: EditableSection['columns'], source: Row): Line {
  nextLineKey += 1;
  return { key: nextLineKey, values: Object.fromEntries(columns.map(({ field }) => [field, String(source[field] ?? '')])) };
}

/** A list kept with the row (a corp's contacts): edited as a whole and saved in one call replacing it. */
export function EditableRelatedTable({ definition, section, row }: EditableRelatedTableProps) {
  const { columns, save } = section;
  const can = usePermissions(definition.program);
  const editable = can[save.permission];
  const { data, isPending } = useRelated<{ list: Row[] }>(definition, section.url, section.body(row));
  const call = useRowCall(definition);
  const [lines, setLines] = useState<Line[]>([]);

  useEffect(() => {
    if (data) setLines(data.list.map((source) => toLine(columns, source)));
  }, [data, columns]);

  const edit = (key: number, field: string, text: string) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, values: { ...line.values, [field]: text } } : line)));

  const store = async () => {
    const missing = columns.find((column) => column.required && lines.some((line) => line.values[column.field].trim() === ''));
    if (missing) {
      alertMessage(`${missing.title}을(를) 입력해 주세요.`);
      return;
    }
    const sent = lines.map((line) => Object.fromEntries(columns.map(({ field }) => [field, line.values[field].trim()])));
    try {
      await call.mutateAsync({ url: save.url, body: save.body(row, sent) });
    } catch {
      return; // the failure was alerted by the client library
    }
    notifySuccess(`${section.title}을(를) 저장했습니다.`);
  };

  const tableColumns: TableColumnsType<Line> = [
    ...columns.map((column) => ({
      key: column.field,
      title: column.title,
      render: (_value: unknown, line: Line) =>
        editable ? (
          <Input
            aria-label={column.title}
            value={line.values[column.field]}
            maxLength={column.maxLength}
            status={column.required && line.values[column.field].trim() === '' ? 'error' : undefined}
            onChange={(event) => edit(line.key, column.field, event.target.value)}
          />
        ) : (
          line.values[column.field]
        ),
    })),
    ...(editable
      ? [
          removeColumn<Line>({
            label: () => '줄 삭제',
            onRemove: (line) => setLines((current) => current.filter((other) => other.key !== line.key)),
            width: 60,
          }),
        ]
      : []),
  ];

  return (
    <div className="editable-related-table">
      <Table<Line> size="small" rowKey="key" columns={tableColumns} dataSource={lines} loading={isPending} pagination={false} />
      {editable && (
        <Space className="section-actions">
          <Button icon={<PlusOutlined />} onClick={() => setLines((current) => [...current, toLine(columns, {})])}>
            줄 추가
          </Button>
          <Button type="primary" onClick={store} loading={call.isPending}>
            {section.title} 저장
          </Button>
        </Space>
      )}
    </div>
  );
}
