import type { Lang } from '../../types/lang';
import type cn from './cn.json';

/**
 * H5: only Chinese, the default, is in the first load; every other language is a chunk of its own, fetched when it is
 * chosen (or before the first render when it was chosen on an earlier visit) and precached by the service worker
 * like the other chunks.
 */
export const bundledPacks: Partial<Record<Lang, typeof cn>> = {};

export function fetchPack(lang: Lang): Promise<typeof cn> {
  if (lang === 'en') return import(/* webpackChunkName: "lang-en" */ './en.json').then((m) => m.default);
  return Promise.reject(new Error(`No language pack for ${lang}`));
}
