import { dayLevel, dayTitle, levelCounts, type AvailabilityDay } from './availability';

interface AvailabilityStripProps {
  days: AvailabilityDay[];
  /** The slots the campaign needs each day. */
  needed: number;
  /** The group's name, for the strip's accessible name. */
  name: string;
}

/**
 * A group's days in a row of small cells coloured free, partly sold or sold out for this campaign
 * (each cell telling its day on hover), with the count of each.
 */
export function AvailabilityStrip({ days, needed, name }: AvailabilityStripProps) {
  const counts = levelCounts(days, needed);
  return (
    <div className="availability">
      <div className="availability-strip" role="img" aria-label={`${name} 가용 현황: 여유 ${counts.free}일, 일부 판매 ${counts.partly}일, 판매 불가 ${counts.sold}일`}>
        {days.map((day) => (
          <span key={day.date} className={`availability-day level-${dayLevel(day, needed)}`} title={dayTitle(day, needed)} />
        ))}
      </div>
      <div className="availability-counts secondary-text">
        <span className="level-free">여유 {counts.free}</span>
        <span className="level-partly">일부 {counts.partly}</span>
        <span className={counts.sold > 0 ? 'level-sold sold-days' : 'level-sold'}>불가 {counts.sold}</span>
      </div>
    </div>
  );
}
