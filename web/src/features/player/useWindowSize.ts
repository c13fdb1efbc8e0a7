import { useEffect, useState } from 'react';
import type { Size } from './screenLayout';

const current = (): Size => ({ width: window.innerWidth, height: window.innerHeight });

/** The browser window's inner size, following resizes and rotations. */
export function useWindowSize(): Size {
  const [size, setSize] = useState(current);
  useEffect(() => {
    const update = () => setSize(current());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return size;
}
