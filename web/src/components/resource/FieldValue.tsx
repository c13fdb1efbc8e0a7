import { PaperClipOutlined } from '@ant-design/icons';
import { Spin, Table, Tag } from 'antd';
import { lazy, Suspense } from 'react';
import { formatDateTime } from '../../lib/dates';
import { CodeLabel } from '../code/CodeLabel';
import { CodeTag } from '../code/CodeTag';
import { Thumbnail } from '../common/Thumbnail';
import { downloadUrl, formatFileSize, storedFileList } from '../form/storedFiles';
import { useOptions } from '../form/useOptions';
import { labelsOf, type PopupDefinition } from '../popup/definition';
import { usePopupLabel } from '../popup/popupApi';
import { RegionName } from '../region/RegionName';
import type { FieldKind, FileRules, LineRules, OptionSource, Row, TagColors, ValueKind } from './definition';

// Read-only permission matrices are rare (user groups): their table code is fetched when one shows.
const PermissionsField = lazy(async () => ({ default: (await import('../permission/PermissionsField')).PermissionsField }));
// So is written HTML, which needs the sanitiser: lists show none.
const RichTextValue = lazy(() => import('./RichTextValue'));

/** What decides how a value reads: a column's or a field's definition. */
export interface ValueShape {
  kind?: FieldKind | ValueKind;
  cdKey?: string;
  tagColors?: TagColors;
  files?: FileRules;
  labelField?: string;
  labelsField?: string;
  options?: OptionSource;
  popup?: PopupDefinition;
  lines?: LineRules;
}

/** Stored lines (a package's products and quantities) as a small table. */
function LinesValue({ rules, lines }: { rules: LineRules; lines: Row[] }) {
  return (
    <Table<Row>
      size="small"
      className="lines-value"
      rowKey={(line) => String(line[rules.keyField])}
      dataSource={lines}
      pagination={false}
      columns={[
        ...rules.columns.map((column) => ({
          key: column.field,
          title: column.title,
          render: (_value: unknown, line: Row) => (column.render ? column.render(line[column.field], line) : <FieldValue shape={column} value={line[column.field]} row={line} />),
        })),
        ...rules.inputs.map((field) => ({
          key: field.field,
          title: field.title,
          render: (_value: unknown, line: Row) => Number(line[field.field] ?? 0).toLocaleString('ko-KR'),
        })),
      ]}
    />
  );
}

/** A stored id by its label: from the row when it names it, else looked up, else the id itself. */
function PopupValue({ shape, value, row }: { shape: ValueShape; value: unknown; row: Row }) {
  const named = shape.labelField ? row[shape.labelField] : undefined;
  const known = named !== null && named !== undefined && named !== '';
  const { data: lookedUp } = usePopupLabel(shape.popup, value, !known);
  return <>{known ? String(named) : lookedUp || String(value)}</>;
}

/** Several stored ids by the names the row gives them (a post's groups), else by the ids themselves. */
function PopupManyValue({ shape, value, row }: { shape: ValueShape; value: unknown[]; row: Row }) {
  const labels = shape.popup && shape.labelsField ? labelsOf(shape.popup, row[shape.labelsField]) : {};
  return (
    <>
      {value.map((id) => (
        <Tag key={String(id)}>{labels[String(id)] ?? String(id)}</Tag>
      ))}
    </>
  );
}

function OptionLabel({ source, value, row }: { source: OptionSource; value: unknown; row: Row }) {
  const { data } = useOptions(source, row);
  return <>{data?.find((option) => String(option.value) === String(value))?.label ?? String(value)}</>;
}

function StoredFiles({ rules, value }: { rules: FileRules; value: unknown }) {
  const files = storedFileList(value);
  if (files.length === 0) return null;
  if (rules.image) {
    return (
      <>
        {files.map((file) => (
          <img key={file.fileIdx} className="stored-image" src={file.url ?? downloadUrl(rules.downloadType, file)} alt={file.fileName} />
        ))}
      </>
    );
  }
  return (
    <ul className="stored-files">
      {files.map((file) => (
        <li key={file.fileIdx}>
          <a href={downloadUrl(rules.downloadType, file)} download={file.fileName}>
            <PaperClipOutlined /> {file.fileName}
          </a>
          {file.fileSize !== undefined && <span className="secondary-text"> ({formatFileSize(file.fileSize)})</span>}
        </li>
      ))}
    </ul>
  );
}

/** A value for reading: code names instead of codes, formatted times, safe HTML, links to files, text as text. */
export function FieldValue({ shape, value, row = {} }: { shape: ValueShape; value: unknown; row?: Row }) {
  if (shape.kind === 'password') return null;
  if (shape.kind === 'permissions') {
    return (
      <Suspense fallback={<Spin />}>
        <PermissionsField value={value as string[] | null} disabled />
      </Suspense>
    );
  }
  if (shape.cdKey && Array.isArray(value)) {
    return (
      <>
        {value.map((code, index) => (
          <span key={String(code)}>
            {index > 0 && ', '}
            <CodeLabel cdKey={shape.cdKey ?? ''} value={code} />
          </span>
        ))}
      </>
    );
  }
  if (shape.cdKey && shape.tagColors) return <CodeTag cdKey={shape.cdKey} value={value} colors={shape.tagColors} />;
  if (shape.cdKey) return <CodeLabel cdKey={shape.cdKey} value={value} />;
  if (shape.files) return <StoredFiles rules={shape.files} value={value} />;
  if (shape.lines) return <LinesValue rules={shape.lines} lines={Array.isArray(value) ? (value as Row[]) : []} />;
  if (shape.kind === 'popupMany' && Array.isArray(value)) return <PopupManyValue shape={shape} value={value} row={row} />;
  if (shape.kind === 'image') return <Thumbnail src={typeof value === 'string' && value !== '' ? value : null} />;
  if (value === null || value === undefined || value === '') return null;
  switch (shape.kind) {
    case 'dateTime':
      return <>{formatDateTime(String(value))}</>;
    case 'number':
      return <>{typeof value === 'number' ? value.toLocaleString('ko-KR') : String(value)}</>;
    case 'textarea':
      return <span className="preserve-lines">{String(value)}</span>;
    case 'yn':
      return <>{value === 'Y' || value === true ? '예' : '아니오'}</>;
    case 'richText':
      return (
        <Suspense fallback={<Spin size="small" />}>
          <RichTextValue html={String(value)} />
        </Suspense>
      );
    case 'popup':
      return <PopupValue shape={shape} value={value} row={row} />;
    case 'region':
      return <RegionName code={String(value)} />;
    case 'select':
      return shape.options ? <OptionLabel source={shape.options} value={value} row={row} /> : <>{String(value)}</>;
    default:
      return <>{String(value)}</>;
  }
}
