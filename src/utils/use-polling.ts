import { useEffect, useRef } from 'react';

/** Calls `tick` every intervalMs while `active` (the page is shown); stops when it is not, or on unmount. */
export function usePolling(tick: () => void, intervalMs: number, active: boolean): void {
  const ref = useRef(tick);
  ref.current = tick;
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => ref.current(), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
}
