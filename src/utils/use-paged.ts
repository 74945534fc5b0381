import { useCallback, useEffect, useRef, useState } from 'react';
import type { PagedData } from '../../types/api/common';

export interface PagedState<T, R> {
  status: 'loading' | 'ready' | 'error';
  items: T[];
  /** The first page's whole answer (for what comes beside the list: counts, a summary). */
  first: R | undefined;
  total: number;
  hasMore: boolean;
  error: unknown;
  loadingMore: boolean;
  /** Loading a further page failed; the items so far stay. */
  moreError: unknown;
  loadMore(): void;
  reload(): void;
  /**
   * Page 1 again keeping the items shown until it is in (pull-to-refresh); resolves when settled, rejects with the
   * error when it failed (the items shown then stay).
   */
  refresh(): Promise<void>;
  /** Changes items in place (a live update of one row), keeping the pages loaded and the scroll. */
  update(change: (items: T[]) => T[]): void;
}

/**
 * A paged list with "load more": page 1 whenever deps change (a stale answer is dropped), then further pages
 * appended on request.
 */
export function usePaged<T, R extends PagedData<T> = PagedData<T>>(
  load: (page: number) => Promise<R>,
  deps: unknown[],
): PagedState<T, R> {
  const [state, setState] = useState<Omit<PagedState<T, R>, 'loadMore' | 'reload' | 'refresh' | 'update'>>({
    status: 'loading',
    items: [],
    first: undefined,
    total: 0,
    hasMore: false,
    error: undefined,
    loadingMore: false,
    moreError: undefined,
  });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const generation = useRef(0);
  const page = useRef(1);

  /** The next run keeps the items shown (a refresh); the callers waiting for it. */
  const quiet = useRef(false);
  const waiting = useRef<Array<{ resolve(): void; reject(err: unknown): void }>>([]);

  useEffect(() => {
    const gen = ++generation.current;
    const keep = quiet.current;
    quiet.current = false;
    const waiters = waiting.current.splice(0);
    page.current = 1;
    if (!keep) {
      setState((s) => ({
        ...s,
        status: 'loading',
        items: [],
        first: undefined,
        error: undefined,
        moreError: undefined,
        loadingMore: false,
      }));
    }
    loadRef.current(1).then(
      (data) => {
        if (gen === generation.current) {
          page.current = 1;
          setState((s) => ({
            ...s,
            status: 'ready',
            items: data.list,
            first: data,
            total: data.total,
            hasMore: data.has_more,
            error: undefined,
            moreError: undefined,
            loadingMore: false,
          }));
        }
        waiters.forEach((w) => w.resolve());
      },
      (error: unknown) => {
        if (gen === generation.current)
          setState((s) => (keep && s.status === 'ready' ? s : { ...s, status: 'error', error }));
        waiters.forEach((w) => w.reject(error));
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);

  const busy = useRef(false);
  const loadMore = useCallback(() => {
    if (busy.current) return;
    busy.current = true;
    const gen = generation.current;
    const next = page.current + 1;
    setState((s) => ({ ...s, loadingMore: true, moreError: undefined }));
    loadRef.current(next).then(
      (data) => {
        busy.current = false;
        if (gen !== generation.current) return;
        page.current = next;
        setState((s) => ({
          ...s,
          loadingMore: false,
          items: [...s.items, ...data.list],
          total: data.total,
          hasMore: data.has_more,
        }));
      },
      (moreError: unknown) => {
        busy.current = false;
        if (gen !== generation.current) return;
        setState((s) => ({ ...s, loadingMore: false, moreError }));
      },
    );
  }, []);
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
  const update = useCallback((change: (items: T[]) => T[]) => setState((s) => ({ ...s, items: change(s.items) })), []);
  return { ...state, loadMore, reload, refresh, update };
}
