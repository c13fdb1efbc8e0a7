/** Shapes of the device API (`/api/player/v1/`) as the browser player reads and sends them. */
import type { LoopItemBase } from '../../lib/loopItem';

/** One item of the day's loop; `url` is the material file for players (`null` for slots without one). */
export interface LoopItem extends LoopItemBase {
  url: string | null;
  matType: 'video' | 'image' | null;
}

/** The lower band's words: the site's notices and the news headlines. */
export interface Footer {
  notices: string[];
  news: string[];
}

/** The plan of the screen's group for one day (`GET schedule?date=`). */
export interface Plan {
  mediaId: number;
  mgId: number | null;
  date: string;
  version: string | null;
  templateType: number | null;
  layout: number | null;
  openTime: string | null;
  closeTime: string | null;
  loop: LoopItem[];
  footer: Footer;
}

export interface Command {
  id: number;
  type: string;
  payload: Record<string, unknown> | null;
}

/** An urgent message in force for the screen, as the heartbeat answers it. */
export interface UrgentMessage {
  umIdx: number;
  text: string;
  imageUrl: string | null;
  startAt: string;
  endAt: string;
}

export interface HeartbeatAnswer {
  commands: Command[];
  urgent: UrgentMessage[];
}

/** Plays of one campaign material (or one slot type without one) in an hour. */
export interface PopItem {
  cmpgId: number | null;
  matId: number | null;
  slotType: number;
  plays: number;
  seconds: number;
}

/** One hour's counts as `POST pop` takes them; the server counts a `batchId` once. */
export interface PopBatch {
  batchId: string;
  date: string;
  hour: number;
  items: PopItem[];
}
