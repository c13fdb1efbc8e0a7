import { CodeLabel } from '../../../components/code/CodeLabel';
import { Thumbnail } from '../../../components/common/Thumbnail';
import type { Row } from '../../../components/resource/definition';
import { formatDateTime } from '../../../lib/dates';
import { RowScreen } from '../RowScreen';
import { materialKindOf } from './contentCodes';
import { ContentEditor } from './ContentEditor';
import { ContentStatusTag } from './ContentStatusTag';
import { alwaysOrPeriod, contentDefinition } from './definition';

function Templates({ row }: { row: Row }) {
  const types = Array.isArray(row.templateTypes) ? (row.templateTypes as unknown[]) : [];
  if (types.length === 0) return <>전체</>;
  return (
    <>
      {types.map((type, index) => (
        <span key={String(type)}>
          {index > 0 && ', '}
          <CodeLabel cdKey="TEMPLATE_TYPE" value={type} />
        </span>
      ))}
    </>
  );
}

const describe = (row: Row) => [
  { key: 'ctNm', label: '콘텐츠명', children: String(row.ctNm ?? '') },
  { key: 'contentType', label: '콘텐츠 유형', children: <CodeLabel cdKey="CONTENT_TYPE" value={row.contentType} /> },
  materialKindOf(row.contentType) !== null
    ? {
        key: 'material',
        label: '소재',
        span: 2,
        children: (
          <span className="content-material">
            <Thumbnail src={(row.thumbUrl as string | null | undefined) ?? null} alt={String(row.matName ?? '')} /> {String(row.matName ?? row.matId ?? '')}
          </span>
        ),
      }
    : { key: 'text', label: '문구', span: 2, children: <span className="preserve-lines">{String(row.text ?? '')}</span> },
  { key: 'seconds', label: '노출 시간', children: `${String(row.seconds ?? '')}초` },
  { key: 'period', label: '기간', children: alwaysOrPeriod(row) },
  { key: 'templateTypes', label: '템플릿', children: <Templates row={row} /> },
  { key: 'ctStatus', label: '상태', children: <ContentStatusTag status={row.ctStatus} /> },
  { key: 'createdAt', label: '등록일시', span: 2, children: formatDateTime(row.createdAt as string | null) },
];

/** A house content: read, registered and modified in its own form. */
export default function ContentPage() {
  return <RowScreen definition={contentDefinition} describe={describe} Editor={ContentEditor} />;
}
