import { useEffect, useState } from 'react';

/**
 * How many of `total` things to render now: `first` at once, then `step` more each timer tick until all are in, so a
 * long list (a restaurant's menu) is drawn in slices: the first screen in the first task, the rest in later short
 * tasks instead of one long one that blocks the main thread (issue 15 §6, total blocking time on a phone). With
 * `all`, everything at once (a filtered list, a dish to scroll to).
 */
export function useProgressive(total: number, first: number, step = first, all = false): number {
  const [shown, setShown] = useState(first);
  const done = all || shown >= total;
  useEffect(() => {
    if (done) return undefined;
    const timer = setTimeout(() => setShown((n) => n + step), 0);
    return () => clearTimeout(timer);
  }, [done, shown, step]);
  return all ? total : Math.min(shown, total);
}
