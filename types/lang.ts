export const LANGS = ['cn', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'cn';

/** Maps an Accept-Language value (or a stored `_lang`) to one of ours: zh* -> cn, en* -> en. */
export function parseLang(value: string | undefined | null): Lang | undefined {
  if (!value) return undefined;
  for (const part of value.split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    if (tag === 'cn' || tag.startsWith('zh')) return 'cn';
    if (tag.startsWith('en')) return 'en';
  }
  return undefined;
}
