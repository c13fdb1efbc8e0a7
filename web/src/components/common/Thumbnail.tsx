import { PictureOutlined } from '@ant-design/icons';

/**
 * A small picture from an address, fetched only when scrolled into view (lists show many); a
 * placeholder while there is none yet (a material still encoding has no poster).
 */
export function Thumbnail({ src, alt = '' }: { src: string | null; alt?: string }) {
  if (src === null) {
    return (
      <span className="thumbnail thumbnail-empty" role="img" aria-label="미리보기 없음">
        <PictureOutlined />
      </span>
    );
  }
  return <img className="thumbnail" src={src} alt={alt} loading="lazy" decoding="async" />;
}
