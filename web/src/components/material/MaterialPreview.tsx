import { Alert, Descriptions, Space, Spin, Table } from 'antd';
import { CodeLabel } from '../code/CodeLabel';
import type { Row } from '../common/listTypes';
import { formatFileSize } from '../form/storedFiles';
import { ENCODING, isEncodingPending, previewSize } from './materialCodes';

/** One encoded file of a material, as the detail lists it. */
interface Rendition {
  type: string;
  width: number;
  height: number;
  bytes: number;
  url: string;
}

interface MaterialFiles {
  sd?: string;
  hd?: string;
  fhd?: string;
  poster?: string;
  thumb?: string;
}

const number = (value: unknown) => (typeof value === 'number' ? value : null);

/** The material as it will play, at the preview size of its template: the video with its poster, or the image. */
function Player({ row }: { row: Row }) {
  const { width, height } = previewSize(row.templateType);
  const files = (row.files ?? {}) as MaterialFiles;
  if (row.matType === 'image') {
    return <img className="material-preview" src={`/api/material/image.do?matId=${String(row.matId)}`} width={width} height={height} alt={String(row.matName ?? '')} />;
  }
  return (
    <video className="material-preview" controls preload="metadata" poster={files.poster} src={files.sd} width={width} height={height} aria-label="소재 미리보기" />
  );
}

/** What was uploaded: size, length and bytes of the original file. */
function Original({ row }: { row: Row }) {
  const width = number(row.width);
  const height = number(row.height);
  const durationMs = number(row.durationMs);
  const fileSize = number(row.fileSize);
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      title="원본 파일"
      items={[
        { key: 'size', label: '해상도', children: width && height ? `${width} x ${height}` : '' },
        ...(row.matType === 'image' ? [] : [{ key: 'duration', label: '길이', children: durationMs !== null ? `${(durationMs / 1000).toFixed(1)}초` : '' }]),
        { key: 'bytes', label: '크기', children: fileSize !== null ? formatFileSize(fileSize) : '' },
      ]}
    />
  );
}

/** Every encoded file with its size, each downloadable. */
function Renditions({ renditions }: { renditions: Rendition[] }) {
  return (
    <Table<Rendition>
      size="small"
      className="material-renditions"
      rowKey="type"
      pagination={false}
      dataSource={renditions}
      columns={[
        { key: 'type', title: '파일', render: (_value, rendition) => <CodeLabel cdKey="VIDEO_TYPE" value={rendition.type} /> },
        { key: 'resolution', title: '해상도', render: (_value, rendition) => (rendition.width && rendition.height ? `${rendition.width} x ${rendition.height}` : '') },
        { key: 'bytes', title: '크기', render: (_value, rendition) => formatFileSize(rendition.bytes) },
        {
          key: 'url',
          title: '받기',
          render: (_value, rendition) => (
            <a href={rendition.url} download>
              다운로드
            </a>
          ),
        },
      ]}
    />
  );
}

/**
 * The material's preview tab: while encoding a notice (the screen asks again until it ends), after a
 * failure the encoder's error, once encoded the player and every file made of it.
 */
export function MaterialPreview({ row }: { row: Row }) {
  const status = Number(row.encodingStatus);
  const renditions = Array.isArray(row.renditions) ? (row.renditions as Rendition[]) : [];
  return (
    <div className="material-preview-panel">
      {isEncodingPending(row) && (
        <Alert type="info" showIcon icon={<Spin size="small" />} title="인코딩이 끝나면 미리보기가 나타납니다." />
      )}
      {status === ENCODING.failed && (
        <Alert type="error" showIcon title="인코딩에 실패했습니다." description={String(row.encodingError ?? '')} />
      )}
      <Space align="start" size="large" wrap>
        {status === ENCODING.done && <Player row={row} />}
        <Space orientation="vertical" size="middle">
          <Original row={row} />
          {renditions.length > 0 && <Renditions renditions={renditions} />}
        </Space>
      </Space>
    </div>
  );
}
