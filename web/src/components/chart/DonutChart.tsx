import { useState } from 'react';
import { donutParts, formatNumber, ringPath } from './scale';
import './chart.css';

export interface DonutSlice {
  name: string;
  value: number;
  color: string;
}

interface DonutChartProps {
  slices: DonutSlice[];
  /** What the chart shows, for readers that cannot see it. */
  label: string;
  height?: number;
  /** Written in the middle, with a word under it (the total, "전체"). */
  center: { value: string; note: string };
  /** What a part's tip says, from its slice and its share in percent. */
  tooltip?: (slice: DonutSlice, percent: number) => string;
  /** A click on a part or its legend entry. */
  onPick?: (index: number) => void;
}

/** A ring of parts by value with the total in the middle and a legend under it, drawn as SVG. */
export function DonutChart({ slices, label, height = 220, center, tooltip, onPick }: DonutChartProps) {
  const [hovered, setHovered] = useState<number | null>(null);
  const legend = 28;
  const size = height - legend;
  const outer = size / 2 - 4;
  const inner = outer * 0.68;
  const parts = donutParts(slices.map((slice) => slice.value));
  const percent = (index: number) => Math.round(parts[index].share * 1000) / 10;
  const tipOf = (index: number) => (tooltip ? tooltip(slices[index], percent(index)) : `${slices[index].name}: ${formatNumber(slices[index].value)} (${percent(index)}%)`);

  return (
    <div className={onPick ? 'chart donut-chart clickable-chart' : 'chart donut-chart'} style={{ height }} role="img" aria-label={label}>
      <svg width="100%" height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true">
        <circle cx={size / 2} cy={size / 2} r={(inner + outer) / 2} fill="none" stroke="#f0f0f0" strokeWidth={outer - inner} />
        {parts.map((part, index) =>
          part.share > 0 ? (
            <path
              key={slices[index].name}
              d={ringPath(size / 2, size / 2, inner, hovered === index ? outer + 3 : outer, part.start, part.end)}
              fill={slices[index].color}
              onMouseEnter={() => setHovered(index)}
              onMouseLeave={() => setHovered(null)}
              onClick={onPick ? () => onPick(index) : undefined}
            >
              <title>{tipOf(index)}</title>
            </path>
          ) : null,
        )}
        <text x={size / 2} y={size / 2} textAnchor="middle" className="donut-total">
          {center.value}
        </text>
        <text x={size / 2} y={size / 2 + 18} textAnchor="middle" className="donut-note">
          {center.note}
        </text>
      </svg>
      <div className="chart-legend-row" aria-hidden="true">
        {slices.map((slice, index) => (
          <span key={slice.name} className="chart-legend-item" onClick={onPick ? () => onPick(index) : undefined}>
            <i style={{ background: slice.color }} /> {slice.name} {formatNumber(slice.value)}
          </span>
        ))}
      </div>
      {hovered !== null && <div className="chart-tooltip donut-tooltip">{tipOf(hovered)}</div>}
    </div>
  );
}
