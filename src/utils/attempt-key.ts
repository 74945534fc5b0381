/**
 * One idempotency key per checkout attempt (DESIGN.md §4a): the same request sent again (a double tap, a retry
 * after a timeout, even after the page reloaded) carries the same key, so the server answers the order it already
 * made; a changed request is a new attempt with a new key (the server refuses a key reused for another body).
 * The key is kept until the attempt succeeds.
 */
export interface KeyStore {
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown): void;
  remove(key: string): void;
}

interface Attempt {
  body: string;
  key: string;
}

/** A stable text of a request: keys sorted, undefined dropped. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** 128 random bits as hex; crypto's when the platform has it (the mini program may not). */
export function newKey(): string {
  const bytes = new Uint8Array(16);
  const c = (globalThis as { crypto?: { getRandomValues?: (a: Uint8Array) => Uint8Array } }).crypto;
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The key for this request under `scope`: the stored one when the request is the same, else a new one. */
export function attemptKey(store: KeyStore, scope: string, body: unknown): string {
  const text = canonical(body);
  const saved = store.get<Attempt>(scope);
  if (saved && saved.body === text && typeof saved.key === 'string' && saved.key) return saved.key;
  const attempt: Attempt = { body: text, key: newKey() };
  store.set(scope, attempt);
  return attempt.key;
}

/** The attempt under `scope` succeeded: the next one gets a new key. */
export function attemptDone(store: KeyStore, scope: string): void {
  store.remove(scope);
}
