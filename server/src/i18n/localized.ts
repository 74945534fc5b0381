import type { Lang } from '../../../types/lang';

/**
 * Content stored as `<field>_cn` / `<field>_en`: the request's language, falling back to the other one when
 * empty (DESIGN.md §3).
 */
export function localized<F extends string>(row: Record<`${F}_cn` | `${F}_en`, string>, field: F, lang: Lang): string {
  const own = row[`${field}_${lang}` as `${F}_cn`];
  const other = row[`${field}_${lang === 'cn' ? 'en' : 'cn'}` as `${F}_cn`];
  return own || other || '';
}
