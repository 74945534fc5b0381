import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Seconds left before an action may be repeated (e.g. "send code" again). The timer lives in a ref, so re-renders
 * neither restart nor duplicate it, and it is cleared on unmount. Counting against the clock keeps it right when a
 * background tab or a hidden mini program slows its timer down.
 */
export function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const endAt = useRef(0);

  const stop = useCallback(() => {
    if (timer.current !== undefined) clearInterval(timer.current);
    timer.current = undefined;
  }, []);

  useEffect(() => stop, [stop]);

  const start = useCallback(
    (seconds: number) => {
      stop();
      const whole = Math.max(0, Math.ceil(seconds));
      setLeft(whole);
      if (whole === 0) return;
      endAt.current = Date.now() + whole * 1000;
      timer.current = setInterval(() => {
        const rest = Math.max(0, Math.ceil((endAt.current - Date.now()) / 1000));
        setLeft(rest);
        if (rest === 0) stop();
      }, 1000);
    },
    [stop],
  );

  return [left, start];
}
