import { Tag } from 'antd';
import type { TagColors } from '../resource/definition';
import { CodeLabel } from './CodeLabel';

/** A code shown as a tag coloured by its value (a status), labelled by its name. */
export function CodeTag({ cdKey, value, colors }: { cdKey: string; value: unknown; colors: TagColors }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <Tag color={colors[String(value)]} className="code-tag">
      <CodeLabel cdKey={cdKey} value={value} />
    </Tag>
  );
}
