import { useEffect, useRef, useState } from 'react';

/**
 * The value once it has stayed the same (by content) for `delayMs`: what a call recomputed on every
 * change is asked with, so typing asks once at the end.
 */
export function useDebounced<T>(value: T, delayMs: number): T {
  const key = JSON.stringify(value);
  const latest = useRef(value);
  latest.current = value;
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(latest.current), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs]);
  return settled;
}
