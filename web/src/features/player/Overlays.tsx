import type { RefObject } from 'react';
import type { UrgentMessage } from './types';

/** An urgent message over everything while it is in force. */
export function UrgentOverlay({ message, unit, imageRef }: { message: UrgentMessage; unit: number; imageRef: RefObject<HTMLImageElement | null> }) {
  return (
    <div className="player-urgent" role="alert" data-um-idx={message.umIdx}>
      <h1 style={{ fontSize: 80 * unit }}>긴급 안내</h1>
      <p style={{ fontSize: 56 * unit }}>{message.text}</p>
      {message.imageUrl && <img ref={imageRef} src={message.imageUrl} alt="" />}
    </div>
  );
}

/** A message an operator sent to the screen, shown for the seconds asked. */
export function MessageOverlay({ text, unit, bottom }: { text: string; unit: number; bottom: number }) {
  return (
    <div className="player-message" role="status" style={{ fontSize: 44 * unit, bottom: bottom + 40 * unit }}>
      {text}
    </div>
  );
}
