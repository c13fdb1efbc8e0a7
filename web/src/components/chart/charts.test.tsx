import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CartesianChart } from './CartesianChart';
import { DonutChart } from './DonutChart';

describe('CartesianChart', () => {
  const props = {
    categories: ['03-01', '03-02', '03-03'],
    series: [
      { name: '판매 슬롯', type: 'bar' as const, values: [10, 0, 40] },
      { name: '전체 슬롯', type: 'line' as const, values: [40, 40, 40] },
    ],
    label: '판매 슬롯과 전체 슬롯',
  };

  it('draws a bar per category, as high as its value against round ticks, and the line across them', () => {
    const { container } = render(<CartesianChart {...props} />);
    expect(screen.getByRole('img', { name: '판매 슬롯과 전체 슬롯' })).toBeTruthy();
    const bars = [...container.querySelectorAll('.chart-bars rect')].map((bar) => Number(bar.getAttribute('height')));
    expect(bars).toHaveLength(3);
    expect(bars[1]).toBe(0);
    expect(bars[2]).toBe(bars[0] * 4);
    expect(container.querySelector('.chart-line polyline')?.getAttribute('points')?.split(' ')).toHaveLength(3);
    expect([...container.querySelectorAll('.chart-axis text, text.chart-axis')].map((text) => text.textContent)).toEqual(expect.arrayContaining(['0', '40', '03-01', '03-03']));
  });

  it('tells a category\'s values on hover and reports a click on it', () => {
    const picked = vi.fn();
    const { container } = render(<CartesianChart {...props} onPick={picked} />);
    const hits = container.querySelectorAll('.chart-hit');
    fireEvent.mouseEnter(hits[2]);
    expect(container.querySelector('.chart-tooltip')?.textContent).toBe('03-03판매 슬롯: 40전체 슬롯: 40');
    fireEvent.click(hits[2]);
    expect(picked).toHaveBeenCalledWith(2);
    fireEvent.mouseLeave(hits[2]);
    expect(container.querySelector('.chart-tooltip')).toBeNull();
  });
});

describe('DonutChart', () => {
  it('draws a part per value with the total in the middle, and a click opens the part', () => {
    const picked = vi.fn();
    const { container } = render(
      <DonutChart
        slices={[
          { name: '정상', value: 3, color: '#52c41a' },
          { name: '장애', value: 0, color: '#ff4d4f' },
          { name: '꺼짐', value: 1, color: '#bfbfbf' },
        ]}
        center={{ value: '4', note: '전체' }}
        label="매체 상태"
        tooltip={(slice, percent) => `${slice.name}: ${slice.value}대 (${percent}%)`}
        onPick={picked}
      />,
    );
    const parts = container.querySelectorAll('path');
    // A part of nothing takes no room but keeps its legend entry.
    expect(parts).toHaveLength(2);
    expect([...parts].map((part) => part.querySelector('title')?.textContent)).toEqual(['정상: 3대 (75%)', '꺼짐: 1대 (25%)']);
    expect(container.querySelector('.donut-total')?.textContent).toBe('4');
    expect(container.querySelector('.chart-legend-row')?.textContent).toContain('장애 0');
    fireEvent.click(parts[1]);
    expect(picked).toHaveBeenCalledWith(2);
  });
});
