import { Empty } from 'antd';
import { timelineSlots, type LoopItem } from '../loop';
import { SlotCard } from './SlotCard';

interface LoopTimelineProps {
  loop: LoopItem[];
  onReplace?: (item: LoopItem) => void;
}

/**
 * A day's loop in playing order: one card per item, the two halves of a shared slot stacked in one
 * place (the even loops' above the odd loops').
 */
export function LoopTimeline({ loop, onReplace }: LoopTimelineProps) {
  if (loop.length === 0) return <Empty description="이 날의 편성이 없습니다." />;
  return (
    <ol className="loop-timeline" aria-label="루프">
      {timelineSlots(loop).map((slot) => (
        <li
          key={slot.items[0].seq}
          className={slot.halves ? 'loop-slot loop-slot-halves' : 'loop-slot'}
          aria-label={`${slot.position}번째 자리${slot.halves ? ' (반구좌)' : ''}`}
        >
          {slot.halves && <span className="loop-slot-caption secondary-text">반구좌 · 번갈아 재생</span>}
          {slot.items.map((item) => (
            <SlotCard key={item.seq} item={item} onReplace={onReplace} />
          ))}
        </li>
      ))}
    </ol>
  );
}
