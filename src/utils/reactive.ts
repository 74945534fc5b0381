/**
 * The app's state library: the part of MobX the stores and screens use (makeAutoObservable, runInAction, reaction,
 * autorun, observable.box, observer), in about 2 KB instead of MobX's 60 KB, so the mini program's main package
 * stays small (issue 10). Same semantics where the app relies on them:
 * - a store's fields are observable references (shallow: give a field a new object or array to change it, never
 *   mutate one in place), its getters are computed values (cached while something observes them), its methods run
 *   batched (observers run once, after the outermost method returns);
 * - an observer component re-renders when anything it read while rendering changes;
 * - reaction runs its effect when the value of its expression changes (Object.is), autorun whenever what it read does.
 */
import { memo, useEffect, useReducer, useRef, type FunctionComponent, type ReactNode } from 'react';

interface Derivation {
  /** Something it read may have changed. */
  stale(): void;
  deps: Set<Atom>;
}

class Atom {
  readonly observers = new Set<Derivation>();

  reportRead() {
    if (!tracking) return;
    tracking.deps.add(this);
    this.observers.add(tracking);
  }

  reportChanged() {
    startBatch();
    try {
      for (const o of [...this.observers]) o.stale();
    } finally {
      endBatch();
    }
  }

  removeObserver(d: Derivation) {
    this.observers.delete(d);
    if (this.observers.size === 0) this.onUnobserved();
  }

  protected onUnobserved() {}
}

let tracking: Derivation | null = null;
let batchDepth = 0;
const pending = new Set<Reaction>();

function startBatch() {
  batchDepth++;
}

function endBatch() {
  if (--batchDepth > 0) return;
  // Reactions may change state again: run until nothing is left (a guard against endless loops).
  for (let round = 0; pending.size > 0; round++) {
    if (round > 100) {
      pending.clear();
      throw new Error('reactive: reactions keep changing what they observe');
    }
    const now = [...pending];
    pending.clear();
    batchDepth++;
    try {
      for (const r of now) r.run();
    } finally {
      batchDepth--;
    }
  }
}

function clearDeps(d: Derivation) {
  for (const atom of d.deps) atom.removeObserver(d);
  d.deps.clear();
}

function track<T>(d: Derivation, fn: () => T): T {
  clearDeps(d);
  const prev = tracking;
  tracking = d;
  try {
    return fn();
  } finally {
    tracking = prev;
  }
}

/** Runs fn without subscribing the current derivation to what it reads. */
export function untracked<T>(fn: () => T): T {
  const prev = tracking;
  tracking = null;
  try {
    return fn();
  } finally {
    tracking = prev;
  }
}

/** A getter's value, cached while observed and until something it read changes. */
class Computed<T> extends Atom implements Derivation {
  readonly deps = new Set<Atom>();
  private dirty = true;
  private value: T | undefined;

  constructor(private readonly compute: () => T) {
    super();
  }

  stale() {
    if (this.dirty) return;
    this.dirty = true;
    for (const o of [...this.observers]) o.stale();
  }

  get(): T {
    // Not observed (read from an event handler or a test): nothing would tell it to refresh, so it is not kept.
    if (!tracking && this.observers.size === 0) return untracked(this.compute);
    this.reportRead();
    if (this.dirty) {
      this.value = track(this, this.compute);
      this.dirty = false;
    }
    return this.value as T;
  }

  protected override onUnobserved() {
    clearDeps(this);
    this.dirty = true;
    this.value = undefined;
  }
}

/** Runs onInvalidate (after the batch) when something it read during its last track() changed. */
class Reaction implements Derivation {
  readonly deps = new Set<Atom>();
  disposed = false;

  constructor(private readonly onInvalidate: () => void) {}

  track<T>(fn: () => T): T {
    return track(this, fn);
  }

  stale() {
    if (!this.disposed) pending.add(this);
  }

  run() {
    if (!this.disposed) this.onInvalidate();
  }

  dispose() {
    this.disposed = true;
    pending.delete(this);
    clearDeps(this);
  }
}

/** Runs fn as one change: observers run once, after it returns. */
export function runInAction<T>(fn: () => T): T {
  startBatch();
  try {
    return fn();
  } finally {
    endBatch();
  }
}

export interface Box<T> {
  get(): T;
  set(value: T): void;
}

function box<T>(initial: T): Box<T> {
  const atom = new Atom();
  let value = initial;
  return {
    get() {
      atom.reportRead();
      return value;
    },
    set(next: T) {
      if (Object.is(next, value)) return;
      value = next;
      atom.reportChanged();
    },
  };
}

export const observable = { box };

type Overrides<T, Extra extends PropertyKey> = Partial<Record<keyof T | Extra, false>>;

/**
 * Makes target's own fields observable, the getters of its class computed and its methods batched. Call it at the
 * end of the constructor, once the fields have their first values; overrides name the members to leave alone.
 */
export function makeAutoObservable<T extends object, Extra extends PropertyKey = never>(
  target: T,
  overrides: Overrides<T, Extra> = {},
): T {
  const skip = overrides as Record<PropertyKey, false | undefined>;
  const self = target as Record<PropertyKey, unknown>;
  for (const key of Object.keys(target)) {
    if (skip[key] === false) continue;
    const initial = self[key];
    if (typeof initial === 'function') {
      self[key] = batched(initial as (...args: unknown[]) => unknown);
      continue;
    }
    const value = box(initial);
    Object.defineProperty(target, key, { enumerable: true, configurable: true, get: value.get, set: value.set });
  }
  const seen = new Set<PropertyKey>(Object.keys(target));
  for (let proto = Object.getPrototypeOf(target); proto && proto !== Object.prototype;) {
    for (const key of Object.getOwnPropertyNames(proto)) {
      if (key === 'constructor' || seen.has(key)) continue;
      seen.add(key);
      if (skip[key] === false) continue;
      const desc = Object.getOwnPropertyDescriptor(proto, key)!;
      if (desc.get) {
        const computed = new Computed(() => desc.get!.call(target));
        Object.defineProperty(target, key, {
          configurable: true,
          get: () => computed.get(),
          set: desc.set && batched(desc.set).bind(target),
        });
      } else if (typeof desc.value === 'function') {
        Object.defineProperty(target, key, {
          configurable: true,
          writable: true,
          value: batched(desc.value as (...args: unknown[]) => unknown),
        });
      }
    }
    proto = Object.getPrototypeOf(proto);
  }
  return target;
}

function batched<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  return function (this: unknown, ...args: A): R {
    startBatch();
    try {
      return fn.apply(this, args);
    } finally {
      endBatch();
    }
  };
}

/** Runs effect(value, previous) each time expression's value changes; returns the disposer. */
export function reaction<T>(
  expression: () => T,
  effect: (value: T, previous: T | undefined) => void,
  options: { fireImmediately?: boolean } = {},
): () => void {
  let value: T | undefined;
  let first = true;
  const r = new Reaction(() => run());
  const run = () => {
    const next = r.track(expression);
    const fire = first ? !!options.fireImmediately : !Object.is(next, value);
    const previous = value;
    first = false;
    value = next;
    if (fire) untracked(() => runInAction(() => effect(next, previous)));
  };
  run();
  return () => r.dispose();
}

/** Runs fn now and again whenever something it read changes; returns the disposer. */
export function autorun(fn: () => void): () => void {
  const r = new Reaction(() => r.track(fn));
  r.track(fn);
  return () => r.dispose();
}

/**
 * A function component that re-renders when observable state it read while rendering changes (and, like
 * mobx-react-lite, only then or when its props change: it is memo'd).
 */
export function observer<P extends object>(component: (props: P) => ReactNode): FunctionComponent<P> {
  function Observer(props: P) {
    const [, rerender] = useReducer((n: number) => n + 1, 0);
    const ref = useRef<Reaction | null>(null);
    if (!ref.current || ref.current.disposed) ref.current = new Reaction(() => rerender());
    const reaction = ref.current;
    useEffect(() => {
      // Mounted again after an unmount (React may do that): it must hear about changes again.
      if (reaction.disposed) rerender();
      return () => reaction.dispose();
    }, [reaction]);
    return reaction.track(() => component(props)) as ReturnType<FunctionComponent<P>>;
  }
  Observer.displayName = (component as { displayName?: string }).displayName || component.name || 'observer';
  return memo(Observer) as unknown as FunctionComponent<P>;
}
