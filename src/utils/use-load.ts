import { useCallback, useEffect, useRef, useState } from 'react';

export type LoadState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

/**
 * Runs `load` when deps change; a stale answer (deps changed meanwhile) is dropped. `reload` runs it again from the
 * loading state. `refresh` (pull-to-refresh) runs it again keeping what is shown until the answer is in, and resolves
 * when it is settled: it rejects with the error when the load failed (data already shown then stays).
 */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): [LoadState<T>, () => void, () => Promise<void>] {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  /** The next run keeps what is shown (a refresh); the callers waiting for it. */
  const quiet = useRef(false);
  const waiting = useRef<Array<{ resolve(): void; reject(err: unknown): void }>>([]);
  useEffect(() => {
    let live = true;
    const keep = quiet.current;
    quiet.current = false;
    const waiters = waiting.current.splice(0);
    if (!keep) setState({ status: 'loading' });
    loadRef.current().then(
      (data) => {
        if (live) setState({ status: 'ready', data });
        waiters.forEach((w) => w.resolve());
      },
      (error: unknown) => {
        if (live) setState((s) => (keep && s.status === 'ready' ? s : { status: 'error', error }));
        waiters.forEach((w) => w.reject(error));
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);
  const reload = useCallback(() => setAttempt((a) => a + 1), []);
  const refresh = useCallback(
    () =>
      new Promise<void>((resolve, reject) => {
        quiet.current = true;
        waiting.current.push({ resolve, reject });
        setAttempt((a) => a + 1);
      }),
    [],
  );
  return [state, reload, refresh];
}
