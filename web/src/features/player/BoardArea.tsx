import { useEffect, useRef, useState, type RefObject } from 'react';
import { runBoard, type BoardFrame } from './board';
import type { MaterialFiles } from './materialFiles';
import type { Rect } from './screenLayout';
import { sleep } from './sleep';

interface BoardAreaProps {
  /** The frames in force; new ones take over at the next frame. */
  frames: BoardFrame[];
  /** The board's file cache. */
  files: MaterialFiles;
  area: Rect;
  unit: number;
  onError: (message: string) => void;
  /** Set to the picture or video shown, for a screenshot. */
  visualRef: RefObject<HTMLImageElement | HTMLVideoElement | null>;
}

/** A video of a post: muted, so it may start without a gesture, and round again while it shows. */
function BoardVideo({ src, visualRef }: { src: string; visualRef: BoardAreaProps['visualRef'] }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    visualRef.current = element;
    element.muted = true;
    void element.play()?.catch(() => undefined);
    return () => {
      element.pause();
      if (visualRef.current === element) visualRef.current = null;
    };
  }, [src, visualRef]);
  return <video ref={video} src={src} muted loop playsInline />;
}

/**
 * The board of the screen beside or below the loop: its posts one after another, each image or video
 * from the board's file cache for its seconds, with the post's title under it.
 */
export function BoardArea({ frames, files, area, unit, onError, visualRef }: BoardAreaProps) {
  const [shown, setShown] = useState<{ frame: BoardFrame; src: string } | null>(null);
  const latest = useRef({ frames, onError });
  useEffect(() => {
    latest.current = { frames, onError };
  });

  useEffect(() => {
    const controller = new AbortController();
    let src: string | null = null;
    const show = (frame: BoardFrame | null, file: Blob | null) => {
      const next = frame && file ? URL.createObjectURL(file) : null;
      if (src) URL.revokeObjectURL(src);
      src = next;
      setShown(frame && next ? { frame, src: next } : null);
    };
    void runBoard(
      { frames: () => latest.current.frames, file: (url) => files.blob(url), show, sleep, onError: (message) => latest.current.onError(message) },
      controller.signal,
    );
    return () => {
      controller.abort();
      if (src) URL.revokeObjectURL(src);
    };
  }, [files]);

  const post = shown?.frame.post;
  return (
    <div className="player-board" data-testid="board-area" style={{ left: area.x, top: area.y, width: area.width, height: area.height }}>
      {shown && post && (
        <figure
          key={shown.frame.key}
          className="player-board-post"
          data-testid="board-post"
          data-bi-idx={post.biIdx}
          data-kind={post.kind}
          data-index={shown.frame.index}
        >
          {post.kind === 'video' ? (
            <BoardVideo src={shown.src} visualRef={visualRef} />
          ) : (
            <img ref={(image) => void (visualRef.current = image)} src={shown.src} alt={post.title} />
          )}
          {post.title !== '' && <figcaption style={{ fontSize: 36 * unit }}>{post.title}</figcaption>}
        </figure>
      )}
    </div>
  );
}
