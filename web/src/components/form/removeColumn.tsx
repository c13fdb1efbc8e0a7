import { DeleteOutlined } from '@ant-design/icons';
import { Button, type TableColumnType } from 'antd';

interface RemoveColumnOptions<T> {
  /** The button's name for readers: what it takes out. */
  label: (line: T) => string;
  onRemove: (line: T) => void;
  disabled?: boolean;
  width?: number;
  size?: 'small';
}

/** The last column of a table of lines the user put together: a button taking its line out. */
export function removeColumn<T>({ label, onRemove, disabled, width = 50, size }: RemoveColumnOptions<T>): TableColumnType<T> {
  return {
    key: 'remove',
    width,
    render: (_value, line) => (
      <Button size={size} type="text" danger icon={<DeleteOutlined />} aria-label={label(line)} disabled={disabled} onClick={() => onRemove(line)} />
    ),
  };
}
