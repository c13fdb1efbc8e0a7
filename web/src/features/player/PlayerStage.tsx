import type { ReactNode, RefObject } from 'react';
import { containIn, type Size } from './screenLayout';
import { useWindowSize } from './useWindowSize';

/** Marks of what plays, for whoever watches the screen from outside (tests, a kiosk's monitor). */
export interface StageMarks {
  state: string;
  seq?: number;
  cmpgId?: number | null;
  matId?: number | null;
  kind?: string;
  version?: string | null;
}

const full = () => void document.documentElement.requestFullscreen?.().catch(() => undefined);

/**
 * The frame at the template's size in template pixels, scaled whole into the window and centred:
 * black bars where the window's shape differs. A double click asks for full screen.
 */
export function PlayerStage({ size, stageRef, marks, children }: { size: Size; stageRef: RefObject<HTMLDivElement | null>; marks: StageMarks; children: ReactNode }) {
  const at = containIn(size, useWindowSize());
  return (
    <div
      className="player-screen"
      data-state={marks.state}
      data-seq={marks.seq}
      data-cmpg-id={marks.cmpgId ?? undefined}
      data-mat-id={marks.matId ?? undefined}
      data-kind={marks.kind}
      data-version={marks.version ?? undefined}
      onDoubleClick={full}
    >
      <div
        className="player-stage"
        ref={stageRef}
        style={{ width: size.width, height: size.height, transform: `translate(${at.x}px, ${at.y}px) scale(${at.scale})` }}
      >
        {children}
      </div>
    </div>
  );
}
