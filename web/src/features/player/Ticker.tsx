import { useEffect, useRef } from 'react';

/** Template pixels a second the text moves, per 1080 pixels of the frame's width. */
const SPEED_PER_1080 = 140;

/**
 * The lower band: the site's notices and the news running right to left, for ever. The text's
 * position is the track's transform, which a screenshot reads back.
 */
export function Ticker({ text, position, height, frameWidth }: { text: string; position: 'top' | 'bottom'; height: number; frameWidth: number }) {
  const track = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = track.current;
    if (!element || typeof element.animate !== 'function') return;
    const distance = frameWidth + element.scrollWidth;
    const speed = (SPEED_PER_1080 * frameWidth) / 1080;
    const animation = element.animate([{ transform: `translateX(${frameWidth}px)` }, { transform: `translateX(${-element.scrollWidth}px)` }], {
      duration: (distance / speed) * 1_000,
      iterations: Infinity,
    });
    return () => animation.cancel();
  }, [text, frameWidth]);
  return (
    <div className="player-ticker" data-position={position} style={{ height, lineHeight: `${height}px`, fontSize: Math.round(height * 0.5) }}>
      <div className="player-ticker-track" ref={track}>
        {text}
      </div>
    </div>
  );
}
