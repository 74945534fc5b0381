import cn from '../../../src/i18n/cn.json';
import en from '../../../src/i18n/en.json';
import { createT, loadPack, type Messages } from '../../../src/i18n';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a message tree as [dotted key, value]. */
function leaves(tree: Tree, prefix = ''): Array<[string, unknown]> {
  return Object.entries(tree).flatMap(([k, v]) =>
    v !== null && typeof v === 'object'
      ? leaves(v as Tree, `${prefix}${k}.`)
      : [[`${prefix}${k}`, v] as [string, unknown]],
  );
}

const placeholders = (s: string) => new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));

describe('language packs', () => {
  const cnLeaves = new Map(leaves(cn as Tree));
  const enLeaves = new Map(leaves(en as Tree));

  it('have exactly the same keys, at every depth', () => {
    const onlyCn = [...cnLeaves.keys()].filter((k) => !enLeaves.has(k));
    const onlyEn = [...enLeaves.keys()].filter((k) => !cnLeaves.has(k));
    expect({ onlyCn, onlyEn }).toEqual({ onlyCn: [], onlyEn: [] });
    expect(cnLeaves.size).toBeGreaterThan(20);
  });

  it('hold only non-empty strings', () => {
    const bad = [
      ...leaves(cn as Tree).map(([k, v]) => [`cn.${k}`, v]),
      ...leaves(en as Tree).map(([k, v]) => [`en.${k}`, v]),
    ].filter(([, v]) => typeof v !== 'string' || v.trim() === '');
    expect(bad).toEqual([]);
  });

  it('use the same {placeholders} in both languages', () => {
    const mismatched = [...cnLeaves.keys()]
      .filter((k) => enLeaves.has(k))
      .filter((k) => {
        const a = placeholders(String(cnLeaves.get(k)));
        const b = placeholders(String(enLeaves.get(k)));
        return a.size !== b.size || [...a].some((p) => !b.has(p));
      });
    expect(mismatched).toEqual([]);
  });

  it('the helpers above notice a difference', () => {
    expect(leaves({ a: { b: 'x', c: { d: 'y' } } })).toEqual([
      ['a.b', 'x'],
      ['a.c.d', 'y'],
    ]);
    expect(placeholders('{a} and {b}')).toEqual(new Set(['a', 'b']));
  });
});

describe('createT', () => {
  // English is not bundled on H5 (lazy-language.test.tsx): here it is loaded first, as start-up does.
  beforeAll(() => loadPack('en'));
  let error: jest.SpyInstance;
  beforeEach(() => {
    error = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => error.mockRestore());

  it('translates in the language asked', () => {
    expect(createT('cn')('topbar.login')).toBe('登录');
    expect(createT('en')('topbar.login')).toBe('Log In');
    expect(error).not.toHaveBeenCalled();
  });

  it('fills {params}, every occurrence, and leaves unknown ones as they are', () => {
    expect(createT('en')('mine.hello', { name: 'Li Lei' })).toBe('Hello, Li Lei');
    expect(createT('cn')('footer.copyright', { year: 2026 })).toBe('© 2026 szeat 版权所有');
    expect(createT('en')('mine.hello')).toBe('Hello, {name}');
    const packs = { cn: { ...cn, app: { ...cn.app, name: '{x}-{x}-{y}' } } as Messages };
    expect(createT('cn', packs)('app.name', { x: 1 })).toBe('1-1-{y}');
  });

  it('logs a missing key and returns the key', () => {
    const t = createT('en');
    expect(t('nope.missing' as never)).toBe('nope.missing');
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toContain('nope.missing');
  });

  it('treats a key that names a group, not a string, as missing', () => {
    expect(createT('en')('topbar' as never)).toBe('topbar');
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('logs a missing language pack and falls back to cn', () => {
    const t = createT('en', { cn: cn as Messages });
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toMatch(/language pack.*en/i);
    expect(t('topbar.login')).toBe('登录');
  });
});
