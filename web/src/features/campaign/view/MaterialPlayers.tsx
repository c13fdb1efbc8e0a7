import { Card, Empty, Space } from 'antd';
import type { Row } from '../../../components/resource/definition';
import { FieldValue } from '../../../components/resource/FieldValue';
import { previewSize } from '../../../components/material/materialCodes';
import { playbackOf } from './materialMedia';

/** Half the spec's preview size: several materials side by side. */
const SCALE = 0.5;

/** A campaign's materials, each playable (its sd video) or shown (its image), at its template's preview size. */
export function MaterialPlayers({ materials }: { materials: Row[] }) {
  if (materials.length === 0) return <Empty description="소재가 없습니다." />;
  return (
    <Space wrap align="start" size="middle" className="material-players">
      {materials.map((material) => {
        const playback = playbackOf({ matId: material.matId, matType: material.matType });
        const size = previewSize(material.templateType);
        const style = { width: size.width * SCALE, height: size.height * SCALE };
        return (
          <Card key={String(material.matId)} size="small" className="material-player" title={String(material.matName ?? material.matId)}>
            {playback.kind === 'video' ? (
              <video src={playback.src} poster={playback.poster} controls preload="metadata" style={style} aria-label={`${String(material.matName ?? '')} 영상`} />
            ) : (
              <img src={playback.src} alt={String(material.matName ?? '')} style={{ ...style, objectFit: 'contain' }} />
            )}
            <div className="secondary-text">
              <FieldValue shape={{ cdKey: 'TEMPLATE_TYPE' }} value={material.templateType} /> · <FieldValue shape={{ cdKey: 'MAT_PLAYTIME' }} value={material.matPlaytime} />
            </div>
          </Card>
        );
      })}
    </Space>
  );
}
