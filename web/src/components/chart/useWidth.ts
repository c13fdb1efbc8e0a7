import { useEffect, useState, type RefObject } from 'react';

/** The width of an element, followed as it changes (a fallback where nothing measures, as in tests). */
export function useWidth(element: RefObject<HTMLElement | null>, fallback = 600): number {
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const target = element.current;
    if (!target) return undefined;
    const measure = () => setWidth(target.clientWidth || fallback);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, fallback]);
  return width;
}
