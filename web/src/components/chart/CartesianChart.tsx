import { useRef, useState } from 'react';
import { formatNumber, labelEvery, niceTicks } from './scale';
import { useWidth } from './useWidth';
import './chart.css';

/** One series: a value per category, drawn as bars or a line against the left (0) or right (1) axis. */
export interface CartesianSeries {
  name: string;
  type: 'bar' | 'line';
  values: number[];
  color?: string;
  axis?: 0 | 1;
}

interface CartesianChartProps {
  /** The categories along the bottom, in order (days, statuses). */
  categories: string[];
  series: CartesianSeries[];
  /** What the chart shows, for readers that cannot see it. */
  label: string;
  height?: number;
  /** The names of the left and right value axes. */
  axisNames?: [string?, string?];
  /** The tip of a category (lines split on "\n"); its values by series without it. */
  tooltip?: (index: number) => string;
  /** A click on a category. */
  onPick?: (index: number) => void;
}

export const PALETTE = ['#1677ff', '#8c8c8c', '#52c41a', '#fa8c16'];
const MARGIN = { top: 28, bottom: 24, left: 48, right: 16, secondAxis: 48 };

/**
 * Bars and lines over categories, drawn as SVG: one or two value axes with round ticks, a legend,
 * a tip per category on hover, and a click per category. Light enough for the first screen.
 */
export function CartesianChart({ categories, series, label, height = 240, axisNames = [], tooltip, onPick }: CartesianChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const [hovered, setHovered] = useState<number | null>(null);
  const twoAxes = series.some((line) => line.axis === 1);
  const left = MARGIN.left;
  const right = twoAxes ? MARGIN.secondAxis : MARGIN.right;
  const plotWidth = Math.max(40, width - left - right);
  const plotHeight = Math.max(40, height - MARGIN.top - MARGIN.bottom);
  const axisMax = (axis: 0 | 1) => Math.max(0, ...series.filter((line) => (line.axis ?? 0) === axis).flatMap((line) => line.values));
  const ticks = [niceTicks(axisMax(0)), niceTicks(axisMax(1))];
  const y = (value: number, axis: 0 | 1) => MARGIN.top + plotHeight - (Math.max(0, value) / (ticks[axis].at(-1) ?? 1)) * plotHeight;
  const band = plotWidth / Math.max(1, categories.length);
  const bars = series.filter((line) => line.type === 'bar');
  const barWidth = Math.max(1, Math.min(28, (band * 0.7) / Math.max(1, bars.length)));
  const every = labelEvery(categories.length, plotWidth);
  const colorOf = (index: number) => series[index].color ?? PALETTE[index % PALETTE.length];
  const tip = hovered === null ? null : tooltip ? tooltip(hovered) : [categories[hovered], ...series.map((line) => `${line.name}: ${formatNumber(line.values[hovered] ?? 0)}`)].join('\n');

  return (
    <div ref={box} className={onPick ? 'chart clickable-chart' : 'chart'} style={{ height }} role="img" aria-label={label}>
      <svg width={width} height={height} aria-hidden="true">
        <g className="chart-legend">
          {series.map((line, index) => (
            <g key={line.name} transform={`translate(${left + 8 + index * 110}, 8)`}>
              {line.type === 'bar' ? <rect width="12" height="10" fill={colorOf(index)} /> : <line x1="0" x2="14" y1="5" y2="5" stroke={colorOf(index)} strokeWidth="2" />}
              <text x="18" y="9">
                {line.name}
              </text>
            </g>
          ))}
        </g>
        {ticks[0].map((tick) => (
          <g key={`y0-${tick}`} className="chart-axis">
            <line x1={left} x2={left + plotWidth} y1={y(tick, 0)} y2={y(tick, 0)} className="chart-grid" />
            <text x={left - 6} y={y(tick, 0) + 4} textAnchor="end">
              {formatNumber(tick)}
            </text>
          </g>
        ))}
        {twoAxes &&
          ticks[1].map((tick) => (
            <text key={`y1-${tick}`} className="chart-axis" x={left + plotWidth + 6} y={y(tick, 1) + 4}>
              {formatNumber(tick)}
            </text>
          ))}
        {axisNames[0] && (
          <text className="chart-axis" x={4} y={17}>
            {axisNames[0]}
          </text>
        )}
        {categories.map((category, index) =>
          index % every === 0 ? (
            <text key={`x-${category}`} className="chart-axis" x={left + band * (index + 0.5)} y={height - 6} textAnchor="middle">
              {category}
            </text>
          ) : null,
        )}
        {hovered !== null && <rect className="chart-hover" x={left + band * hovered} y={MARGIN.top} width={band} height={plotHeight} />}
        {bars.map((line) => {
          const index = series.indexOf(line);
          const offset = bars.indexOf(line) - (bars.length - 1) / 2;
          return (
            <g key={line.name} fill={colorOf(index)} className="chart-bars">
              {categories.map((category, at) => {
                const top = y(line.values[at] ?? 0, line.axis ?? 0);
                return <rect key={category} x={left + band * (at + 0.5) + offset * barWidth - barWidth / 2} y={top} width={barWidth} height={MARGIN.top + plotHeight - top} />;
              })}
            </g>
          );
        })}
        {series
          .filter((line) => line.type === 'line')
          .map((line) => {
            const index = series.indexOf(line);
            const points = categories.map((_category, at) => `${(left + band * (at + 0.5)).toFixed(1)},${y(line.values[at] ?? 0, line.axis ?? 0).toFixed(1)}`);
            return (
              <g key={line.name} className="chart-line" stroke={colorOf(index)} fill={colorOf(index)}>
                <polyline points={points.join(' ')} fill="none" strokeWidth="2" />
                {categories.length <= 40 && points.map((point) => <circle key={point} cx={point.split(',')[0]} cy={point.split(',')[1]} r="2.5" />)}
              </g>
            );
          })}
        {categories.map((category, index) => (
          <rect
            key={`hit-${category}`}
            className="chart-hit"
            x={left + band * index}
            y={MARGIN.top}
            width={band}
            height={plotHeight}
            onMouseEnter={() => setHovered(index)}
            onMouseLeave={() => setHovered(null)}
            onClick={onPick ? () => onPick(index) : undefined}
          />
        ))}
      </svg>
      {tip !== null && hovered !== null && (
        <div className="chart-tooltip" style={{ left: Math.min(left + band * (hovered + 0.5) + 12, Math.max(0, width - 200)), top: MARGIN.top }}>
          {tip.split('\n').map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
      )}
    </div>
  );
}
