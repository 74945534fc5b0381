import type { PagedData } from '../../../../types/api/common';
import type {
  Menu,
  OptionGroup,
  RatingSummary,
  Review,
  StoreInfo,
  StoreReviews,
  StoreSummary,
} from '../../../../types/api/stores';
import type { StoreSort } from '../../../../types/catalogue';
import type { Lang } from '../../../../types/lang';
import type { VersionedCache } from '../../cache/versioned-cache';
import { invalid, notFound } from '../../errors';
import { localized } from '../../i18n/localized';
import { boundingBox, distanceM } from '../places/distance';
import { openState, weekHours, type HoursWindow, type ManualClosure } from './hours';
import type { RatingsService } from '../ratings/service';
import type { RestaurantRow, StoresRepository } from './repository';
import { acceptedPaymentMethods, termsOf, type RestaurantTerms } from './terms';
import { pictureUrl } from '../../cache/picture-urls';

export interface Position {
  lat: number;
  lng: number;
}

type Rated = { count: number; food: number; other: number };
const NOT_RATED: Rated = { count: 0, food: 0, other: 0 };
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Both coordinates or neither (400 otherwise). */
export function positionOf(lat: number | undefined, lng: number | undefined): Position | undefined {
  if (lat === undefined && lng === undefined) return undefined;
  if (lat === undefined || lng === undefined) throw invalid('geo.lat_lng_pair');
  return { lat, lng };
}

function paged<T>(all: T[], page: number, pageSize: number): PagedData<T> {
  return {
    list: all.slice((page - 1) * pageSize, page * pageSize),
    total: all.length,
    page,
    page_size: pageSize,
    has_more: page * pageSize < all.length,
  };
}

/** The orders storelist offers; ties fall back to distance, then id, so pages never overlap. */
const SORTS: Record<StoreSort, (a: Candidate, b: Candidate) => number> = {
  distance: (a, b) => a.distance - b.distance || a.row.id - b.row.id,
  rating: (a, b) =>
    b.rating.food - a.rating.food || b.rating.count - a.rating.count || a.distance - b.distance || a.row.id - b.row.id,
  min_order: (a, b) => a.row.min_order_fen - b.row.min_order_fen || a.distance - b.distance || a.row.id - b.row.id,
  newest: (a, b) => b.row.created_at - a.row.created_at || b.row.id - a.row.id,
};

interface Candidate {
  row: RestaurantRow;
  distance: number;
  rating: Rated;
}

/** A list entry but for what depends on the clock (open now, next opening), with what that is computed from. */
interface Listed {
  entry: Omit<StoreSummary, keyof ReturnType<typeof openState>>;
  hours: HoursWindow[];
  closure: ManualClosure;
}

/**
 * `cache` (optional) keeps storelist's sorted list per position, cuisine, order and language for the catalogue
 * version: restaurants, their radius, hours, cuisines and ratings change only by writes that bump it (as for the
 * container's cached repository). The key has the coordinates as asked, so the distances are exact; what depends on
 * the clock (open now, next opening) is computed per request from the kept hours. `photos` (the ratings service)
 * gives the reviews' uploaded photos that passed the content check.
 */
export function createStoresService(
  repo: StoresRepository,
  now: () => number,
  cache?: VersionedCache,
  photos?: Pick<RatingsService, 'shownPhotos'>,
) {
  /** Restaurants whose delivery radius covers the position, with their distance and ratings. */
  async function deliveringTo(at: Position): Promise<Candidate[]> {
    const reach = await repo.maxRadius();
    const rows = await repo.inBox(boundingBox(at.lat, at.lng, reach));
    const covering = rows
      .map((row) => ({ row, distance: distanceM(at.lat, at.lng, row.lat, row.lng) }))
      .filter((c) => c.distance <= c.row.delivery_radius_m);
    const ratings = new Map((await repo.ratingsOf(covering.map((c) => c.row.id))).map((r) => [r.restaurant_id, r]));
    return covering.map((c) => ({ ...c, rating: ratings.get(c.row.id) ?? NOT_RATED }));
  }

  /** List entries for rows, in the same order, but for the clock's part. */
  async function listed(items: Array<{ row: RestaurantRow; distance?: number; rating?: Rated }>, lang: Lang) {
    const ids = items.map((i) => i.row.id);
    const [cuisines, hours, ratings] = await Promise.all([
      repo.cuisinesOf(ids),
      repo.hoursOf(ids),
      items.every((i) => i.rating) ? Promise.resolve([]) : repo.ratingsOf(ids),
    ]);
    const ratingById = new Map(ratings.map((r) => [r.restaurant_id, r]));
    const hoursById = groupBy(hours, (h) => h.restaurant_id);
    const cuisinesById = groupBy(cuisines, (c) => c.restaurant_id);
    return items.map(({ row, distance, rating }): Listed => {
      const rated = rating ?? ratingById.get(row.id) ?? NOT_RATED;
      return {
        entry: {
          id: row.id,
          name: localized(row, 'name', lang),
          logo: pictureUrl(row.logo),
          cover: pictureUrl(row.cover),
          address: localized(row, 'address', lang),
          city_id: row.city_id,
          area_id: row.area_id,
          area_name: lang === 'en' ? row.area_name_en || row.area_name_cn : row.area_name_cn || row.area_name_en,
          lat: row.lat,
          lng: row.lng,
          cuisines: (cuisinesById.get(row.id) ?? []).map((c) => ({ id: c.id, name: localized(c, 'name', lang) })),
          rating: round1(rated.food),
          review_count: rated.count,
          min_order_fen: row.min_order_fen,
          delivery_fee_fen: row.delivery_fee_fen,
          delivery_radius_m: row.delivery_radius_m,
          prep_minutes: row.prep_minutes,
          delivery: row.delivery === 1,
          collection: row.collection === 1,
          distance_m: distance === undefined ? null : Math.round(distance),
          created_at: Number(row.created_at),
        },
        hours: hoursById.get(row.id) ?? [],
        closure: { closed: row.closed, resume_at: row.resume_at === null ? null : Number(row.resume_at) },
      };
    });
  }

  /** The complete entries, open now as of `at`. */
  const withOpenState = (items: Listed[], at: number): StoreSummary[] =>
    items.map((i) => ({ ...i.entry, ...openState(at, i.hours, i.closure) }) as StoreSummary);

  /** List entries for rows, in the same order. */
  async function summaries(items: Array<{ row: RestaurantRow; distance?: number; rating?: Rated }>, lang: Lang) {
    return withOpenState(await listed(items, lang), now());
  }

  /** Every restaurant delivering to the position (serving the cuisine), in the order asked, but for open now. */
  async function storeList(q: { at: Position; cuisineId?: number; sort?: StoreSort }, lang: Lang): Promise<Listed[]> {
    let candidates = await deliveringTo(q.at);
    if (q.cuisineId !== undefined) {
      const serving = await repo.withCuisine(
        candidates.map((c) => c.row.id),
        q.cuisineId,
      );
      candidates = candidates.filter((c) => serving.has(c.row.id));
    }
    candidates.sort(SORTS[q.sort ?? 'distance']);
    return listed(candidates, lang);
  }

  async function requireRestaurant(id: number) {
    const row = await repo.byId(id);
    if (!row) throw notFound('store.not_found', { id });
    return row;
  }

  async function ratingSummary(restaurantId: number, rated: Rated): Promise<RatingSummary> {
    const { stars, buckets } = await repo.ratingBreakdown(restaurantId);
    return {
      count: rated.count,
      average: round1(rated.food),
      food_average: round1(rated.food),
      other_average: round1(rated.other),
      stars,
      delivery_time: buckets,
    };
  }

  return {
    /** `clock`: the moment open now is computed for (the app's clock by default). */
    async storeList(
      q: { at: Position; cuisineId?: number; sort?: StoreSort; page: number; pageSize: number },
      lang: Lang,
      clock = now(),
    ): Promise<PagedData<StoreSummary>> {
      if (q.cuisineId !== undefined && !(await repo.cuisineExists(q.cuisineId))) {
        throw notFound('cuisine.not_found', { id: q.cuisineId });
      }
      const query = { at: q.at, cuisineId: q.cuisineId, sort: q.sort ?? 'distance' } as const;
      const all = cache
        ? await cache.get(`storelist:${lang}:${q.at.lat}:${q.at.lng}:${query.cuisineId ?? ''}:${query.sort}`, () =>
            storeList(query, lang),
          )
        : await storeList(query, lang);
      const page = paged(all, q.page, q.pageSize);
      return { ...page, list: withOpenState(page.list, clock) };
    },

    async newStores(
      q: { at?: Position; page: number; pageSize: number },
      lang: Lang,
    ): Promise<PagedData<StoreSummary>> {
      if (q.at) {
        const candidates = (await deliveringTo(q.at)).sort(SORTS.newest);
        const page = paged(candidates, q.page, q.pageSize);
        return { ...page, list: await summaries(page.list, lang) };
      }
      const { rows, total } = await repo.newest((q.page - 1) * q.pageSize, q.pageSize);
      return {
        list: await summaries(
          rows.map((row) => ({ row })),
          lang,
        ),
        total,
        page: q.page,
        page_size: q.pageSize,
        has_more: q.page * q.pageSize < total,
      };
    },

    /** What the restaurant offers an order now, read fresh (the checkout quote's input); 1004 when unknown. */
    async terms(id: number): Promise<RestaurantTerms> {
      const found = await repo.terms(id);
      if (!found) throw notFound('store.not_found', { id });
      return termsOf(found.row, found.hours);
    },

    async storeInfo(id: number, at: Position | undefined, lang: Lang): Promise<StoreInfo> {
      const row = await requireRestaurant(id);
      const distance = at ? distanceM(at.lat, at.lng, row.lat, row.lng) : undefined;
      const [rated = NOT_RATED] = await repo.ratingsOf([id]);
      const [[summary], hours, ratingSummaryOut] = await Promise.all([
        summaries([{ row, distance, rating: rated }], lang),
        repo.hoursOf([id]),
        ratingSummary(id, rated),
      ]);
      return {
        ...summary!,
        description: localized(row, 'description', lang),
        phone: row.phone,
        city_name: lang === 'en' ? row.city_name_en || row.city_name_cn : row.city_name_cn || row.city_name_en,
        hours: weekHours(hours),
        payment_methods: acceptedPaymentMethods(row),
        rating_summary: ratingSummaryOut,
        in_delivery_range: distance === undefined ? null : distance <= row.delivery_radius_m,
      };
    },

    /** Two queries (dishes with their categories; option groups with their options), a third only for no dish. */
    async menu(restaurantId: number, keyword: string | undefined, lang: Lang): Promise<Menu> {
      const word = keyword?.trim() || undefined;
      const [items, groupRows] = await Promise.all([
        repo.menuItems(restaurantId, word),
        repo.menuOptions(restaurantId),
      ]);
      if (items.length === 0 && !(await repo.exists(restaurantId))) {
        throw notFound('store.not_found', { id: restaurantId });
      }
      const groupsByItem = new Map<number, OptionGroup[]>();
      let group: OptionGroup | undefined;
      let groupId = 0;
      for (const row of groupRows) {
        if (!group || row.id !== groupId) {
          groupId = row.id;
          group = {
            id: row.id,
            name: localized(row, 'name', lang),
            compulsory: row.compulsory === 1,
            min_select: row.min_select,
            max_select: row.max_select,
            options: [],
          };
          const list = groupsByItem.get(row.item_id);
          if (list) list.push(group);
          else groupsByItem.set(row.item_id, [group]);
        }
        if (row.option_id !== null) {
          group.options.push({
            id: row.option_id,
            name: localized({ name_cn: row.option_name_cn ?? '', name_en: row.option_name_en ?? '' }, 'name', lang),
            price_delta_fen: row.option_price_delta_fen ?? 0,
            sold_out: row.option_sold_out === 1,
          });
        }
      }
      const categories: Menu['categories'] = [];
      for (const i of items) {
        let category = categories[categories.length - 1];
        if (!category || category.id !== i.category_id) {
          category = {
            id: i.category_id,
            name: localized({ name_cn: i.category_name_cn, name_en: i.category_name_en }, 'name', lang),
            items: [],
          };
          categories.push(category);
        }
        category.items.push({
          id: i.id,
          category_id: i.category_id,
          name: localized(i, 'name', lang),
          description: localized(i, 'description', lang),
          picture: pictureUrl(i.picture),
          price_fen: i.price_fen,
          sold_out: i.sold_out === 1,
          option_groups: groupsByItem.get(i.id) ?? [],
        });
      }
      return { restaurant_id: restaurantId, item_count: items.length, categories };
    },

    async reviews(restaurantId: number, page: number, pageSize: number): Promise<StoreReviews> {
      await requireRestaurant(restaurantId);
      const [rated] = await repo.ratingsOf([restaurantId]);
      const stats = rated ?? NOT_RATED;
      const rows = await repo.reviews(restaurantId, (page - 1) * pageSize, pageSize);
      const uploaded = photos ? await photos.shownPhotos(rows.map((r) => r.id)) : new Map<number, never>();
      const list = rows.map((r): Review => {
        // Seeded reviews list their pictures (one file each); a rating's photos are uploads that passed the check.
        const seeded = parsePhotos(r.photos).map(pictureUrl);
        const own = uploaded.get(r.id);
        return {
          id: r.id,
          author: r.author_name,
          food_rating: r.food_rating,
          delivery_time: r.delivery_time,
          other_rating: r.other_rating,
          // Words held by the content check are shown to their author only.
          comment: r.comment_check === 'pass' ? r.comment : '',
          photos: [...seeded, ...(own?.urls ?? [])],
          thumbnails: [...seeded, ...(own?.thumbs ?? [])],
          created_at: Number(r.created_at),
        };
      });
      return {
        list,
        total: stats.count,
        page,
        page_size: pageSize,
        has_more: page * pageSize < stats.count,
        summary: await ratingSummary(restaurantId, stats),
      };
    },
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

function parsePhotos(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}
export type StoresService = ReturnType<typeof createStoresService>;
