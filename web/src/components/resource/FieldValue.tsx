import { formatDateTime } from '../../lib/dates';
import { CodeLabel } from '../code/CodeLabel';
import type { FieldKind } from './definition';

interface ValueShape {
  kind?: FieldKind;
  cdKey?: string;
}

/** A field's value for reading: code names instead of codes, formatted times, text as text. */
export function FieldValue({ shape, value }: { shape: ValueShape; value: unknown }) {
  if (shape.cdKey) return <CodeLabel cdKey={shape.cdKey} value={value} />;
  if (value === null || value === undefined) return null;
  switch (shape.kind) {
    case 'dateTime':
      return <>{formatDateTime(String(value))}</>;
    case 'number':
      return <>{typeof value === 'number' ? value.toLocaleString('ko-KR') : String(value)}</>;
    case 'textarea':
      return <span className="preserve-lines">{String(value)}</span>;
    default:
      return <>{String(value)}</>;
  }
}
