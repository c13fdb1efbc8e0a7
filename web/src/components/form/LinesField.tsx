import { PlusOutlined } from '@ant-design/icons';
import { Button, InputNumber, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { Row } from '../common/listTypes';
import { usePopupAllowed } from '../popup/popupApi';
import { SearchPopup } from '../popup/SearchPopup';
import type { LineRules } from '../resource/definition';
import { FieldValue } from '../resource/FieldValue';
import { removeColumn } from './removeColumn';

interface LinesFieldProps {
  rules: LineRules;
  disabled?: boolean;
  id?: string;
  value?: Row[] | null;
  onChange?: (value: Row[]) => void;
}

/** Rows of another resource picked in a popup, each with numbers typed on its line (a package's products and their quantities). */
export function LinesField({ rules, disabled, id, value, onChange }: LinesFieldProps) {
  const [picking, setPicking] = useState(false);
  const mayPick = usePopupAllowed(rules.popup);
  const lines = value ?? [];
  const keyOf = (line: Row) => String(line[rules.keyField]);

  const add = (rows: Row[]) => {
    const fresh = rows
      .filter((row) => !lines.some((line) => keyOf(line) === keyOf(row)))
      .map((row) => ({ ...row, ...Object.fromEntries(rules.inputs.map((field) => [field.field, field.defaultValue])) }));
    onChange?.([...lines, ...fresh]);
  };

  const set = (key: string, field: string, number: number | null) =>
    onChange?.(lines.map((line) => (keyOf(line) === key ? { ...line, [field]: number } : line)));

  const columns: TableColumnsType<Row> = [
    ...rules.columns.map((column) => ({
      key: column.field,
      title: column.title,
      width: column.width,
      ellipsis: column.ellipsis,
      render: (_value: unknown, line: Row) => (column.render ? column.render(line[column.field], line) : <FieldValue shape={column} value={line[column.field]} row={line} />),
    })),
    ...rules.inputs.map((field) => ({
      key: field.field,
      title: field.title,
      width: 120,
      render: (_value: unknown, line: Row) => (
      <InputNumber
        aria-label={`${String(line[rules.popup.labelField] ?? keyOf(line))} ${field.title}`}
        min={field.min}
        max={field.max}
        precision={0}
        disabled={disabled}
        value={line[field.field] as number | null}
        status={line[field.field] === null || line[field.field] === undefined ? 'error' : undefined}
        onChange={(number) => set(keyOf(line), field.field, number)}
      />
      ),
    })),
    removeColumn<Row>({
      label: (line) => `${String(line[rules.popup.labelField] ?? keyOf(line))} 빼기`,
      onRemove: (line) => onChange?.(lines.filter((other) => keyOf(other) !== keyOf(line))),
      disabled,
    }),
  ];

  return (
    <div id={id} className="lines-field">
      <Table<Row> size="small" rowKey={keyOf} columns={columns} dataSource={lines} pagination={false} locale={{ emptyText: '선택한 항목이 없습니다.' }} />
      <Button icon={<PlusOutlined />} disabled={disabled || !mayPick} onClick={() => setPicking(true)} className="lines-add">
        {rules.popup.title} 추가
      </Button>
      <SearchPopup definition={rules.popup} open={picking} onClose={() => setPicking(false)} onPickMany={add} />
    </div>
  );
}
