import { DEFAULT_LANG, type Lang } from '../../types/lang';
import cn from './cn.json';
import { bundledPacks, fetchPack } from './packs';

export type Messages = typeof cn;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of cn.json, the source of keys (DESIGN.md §3). */
export type MessageKey = Leaves<Messages>;
export type TFunction = (key: MessageKey, params?: Record<string, string | number>) => string;

/**
 * The language packs at hand: Chinese always (the default, bundled), the others once loaded (src/i18n/packs.*.ts).
 * In a build these are the main pack only: the namespaces of parts.json come with the screens of their packages
 * (addMessages, from src/i18n/parts/<package>.ts; config/i18n-parts.ts).
 */
const PACKS: Partial<Record<Lang, Messages>> = { cn, ...bundledPacks };
/** Namespaces a sub-package's screens added (both languages; looked up after the pack). */
const ADDED: Partial<Record<Lang, Partial<Messages>>> = {};

/**
 * Adds a package's message namespaces (src/i18n/parts/<package>.ts, imported by that package's screens before they
 * render). In the unit tests the whole catalogue is bundled anyway, so this adds nothing new there.
 */
export function addMessages(packs: Partial<Record<Lang, Partial<Messages>>>): void {
  for (const [lang, pack] of Object.entries(packs) as Array<[Lang, Partial<Messages>]>) {
    ADDED[lang] = { ...ADDED[lang], ...pack };
  }
}
const loading = new Map<Lang, Promise<void>>();

/** Whether `lang` can be shown now, without waiting for its pack. */
export function hasPack(lang: Lang): boolean {
  return PACKS[lang] !== undefined;
}

/**
 * Fetches the pack of `lang` once (on H5 its own chunk). Rejects when it cannot be had (offline and not cached, a
 * failed chunk); a later call tries again.
 */
export function loadPack(lang: Lang): Promise<void> {
  if (PACKS[lang]) return Promise.resolve();
  let pending = loading.get(lang);
  if (!pending) {
    pending = fetchPack(lang)
      .then((pack) => {
        PACKS[lang] = pack;
      })
      .finally(() => loading.delete(lang));
    loading.set(lang, pending);
  }
  return pending;
}

function lookup(pack: unknown, key: string): string | undefined {
  let node: unknown = pack;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Which plural form a count takes, by language: a message that has forms gives them separated by `|`, in this order
 * ("{count} item|{count} items": the first for 1, the second otherwise). Chinese has one form and writes no `|`.
 */
const PLURAL_FORM: Record<Lang, (count: number) => number> = {
  cn: () => 0,
  en: (count) => (count === 1 ? 0 : 1),
};

/** The form of a `|`-separated message for `count` (the last form when the count is missing or not a number). */
export function pluralForm(lang: Lang, template: string, count: unknown): string {
  const forms = template.split('|');
  const n = typeof count === 'number' ? count : Number(count);
  const index = count === undefined || !Number.isFinite(n) ? forms.length - 1 : PLURAL_FORM[lang](n);
  return forms[Math.min(index, forms.length - 1)]!;
}

export function createT(lang: Lang, packs: Partial<Record<Lang, Messages>> = PACKS): TFunction {
  let pack = packs[lang];
  let packLang = lang;
  if (!pack) {
    console.error(`Missing language pack: ${lang}; using ${DEFAULT_LANG}`);
    pack = packs[DEFAULT_LANG];
    packLang = DEFAULT_LANG;
  }
  return (key, params = {}) => {
    const found = lookup(pack, key) ?? (packs === PACKS ? lookup(ADDED[packLang], key) : undefined);
    if (found === undefined) {
      console.error(`Missing translation: ${lang}.${key}`);
      return key;
    }
    const template = found.includes('|') ? pluralForm(packLang, found, params.count) : found;
    return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
      params[name] === undefined ? whole : String(params[name]),
    );
  };
}
