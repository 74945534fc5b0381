import type { Lang } from '../../types/lang';
import type cn from './cn.json';
import en from './en.json';

/**
 * Mini program: English stays in the main package. WeChat fetches no JS at run time except a sub-package's, through
 * require.async, which Taro 4.2.1 does not support (webpack's chunk loading, and babel-preset-taro turns import() into
 * a plain require); English costs about 15 KB of a main package that is far under WeChat's 2 MB limit (README,
 * "Performance").
 */
export const bundledPacks: Partial<Record<Lang, typeof cn>> = { en };

export function fetchPack(lang: Lang): Promise<typeof cn> {
  const pack = bundledPacks[lang];
  return pack ? Promise.resolve(pack) : Promise.reject(new Error(`No language pack for ${lang}`));
}
