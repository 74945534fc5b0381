import type { MultipleSearch, SearchHit } from '../../../../types/api/search';
import { SEARCH_HIT_TYPES, SEARCH_KEYWORD_MAX, type SearchHitType } from '../../../../types/catalogue';
import type { Lang } from '../../../../types/lang';
import type { VersionedCache } from '../../cache/versioned-cache';
import { invalid } from '../../errors';
import { localized } from '../../i18n/localized';
import type { SearchRepository } from './repository';
import { pictureUrl } from '../../cache/picture-urls';

/**
 * One keyword across restaurants, dishes and news. Hits are listed by type in that order and paged over the whole
 * list (or over one type), so the counts say how many of each there are.
 *
 * Names and titles change only by writes that bump the catalogue version, and the answer depends on nothing else
 * (no clock, no position), so with a cache each page is computed once per version and kept, keyed by the normalised
 * query: the keyword trimmed and lower-cased (the match is case-insensitive), the type, page, page size and language.
 */
export function createSearchService(repo: SearchRepository, cache?: VersionedCache) {
  return {
    async search(
      rawKeyword: string,
      type: SearchHitType | undefined,
      page: number,
      pageSize: number,
      lang: Lang,
    ): Promise<MultipleSearch> {
      const keyword = rawKeyword.trim();
      if (keyword.length === 0) throw invalid('search.keyword_required');
      if ([...keyword].length > SEARCH_KEYWORD_MAX)
        throw invalid('search.keyword_too_long', { max: SEARCH_KEYWORD_MAX });
      const word = keyword.toLowerCase();
      if (!cache) return { ...(await answer(word, type, page, pageSize, lang)), keyword };
      const key = `search:${lang}:${type ?? '*'}:${page}:${pageSize}:${word}`;
      return { ...(await cache.get(key, () => answer(word, type, page, pageSize, lang))), keyword };
    },
  };

  /** The answer for a trimmed, lower-cased keyword, but for the keyword itself (echoed as the customer typed it). */
  async function answer(
    keyword: string,
    type: SearchHitType | undefined,
    page: number,
    pageSize: number,
    lang: Lang,
  ): Promise<Omit<MultipleSearch, 'keyword'>> {
    const counts = await repo.counts(keyword);
    const types = type ? [type] : [...SEARCH_HIT_TYPES];
    const total = types.reduce((n, t) => n + counts[t], 0);
    const from = (page - 1) * pageSize;
    const to = from + pageSize;

    const list: SearchHit[] = [];
    let start = 0;
    for (const t of types) {
      const end = start + counts[t];
      const offset = Math.max(from, start) - start;
      const limit = Math.min(to, end) - start - offset;
      if (limit > 0) list.push(...(await hits(t, keyword, offset, limit, lang)));
      start = end;
    }
    return { list, total, page, page_size: pageSize, has_more: to < total, counts };
  }

  async function hits(
    type: SearchHitType,
    keyword: string,
    offset: number,
    limit: number,
    lang: Lang,
  ): Promise<SearchHit[]> {
    switch (type) {
      case 'restaurant': {
        const rows = await repo.restaurants(keyword, offset, limit);
        const cuisines = await repo.cuisinesOf(rows.map((r) => r.id));
        const separator = lang === 'en' ? ', ' : '、';
        return rows.map((r) => ({
          type,
          id: r.id,
          title: localized(r, 'name', lang),
          subtitle: cuisines
            .filter((c) => c.restaurant_id === r.id)
            .map((c) => localized(c, 'name', lang))
            .join(separator),
          picture: pictureUrl(r.logo),
          restaurant_id: r.id,
          price_fen: null,
        }));
      }
      case 'dish': {
        const rows = await repo.dishes(keyword, offset, limit);
        return rows.map((r) => ({
          type,
          id: r.id,
          title: localized(r, 'name', lang),
          subtitle:
            lang === 'en' ? r.restaurant_name_en || r.restaurant_name_cn : r.restaurant_name_cn || r.restaurant_name_en,
          picture: pictureUrl(r.picture),
          restaurant_id: r.restaurant_id,
          price_fen: r.price_fen,
        }));
      }
      case 'news': {
        const rows = await repo.news(keyword, offset, limit);
        return rows.map((r) => ({
          type,
          id: r.id,
          title: localized(r, 'title', lang),
          subtitle: localized(r, 'summary', lang),
          picture: pictureUrl(r.cover),
          restaurant_id: null,
          price_fen: null,
        }));
      }
    }
  }
}
