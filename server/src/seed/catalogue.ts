import type { Insertable } from 'kysely';
import type {
  CuisinesTable,
  Database,
  MenuCategoriesTable,
  MenuItemsTable,
  MenuOptionsTable,
  OpeningHoursTable,
  OptionGroupsTable,
  RestaurantCuisinesTable,
  RestaurantsTable,
} from '../db/schema';
import { CUISINES, DRINKS, type CategoryData, type Dish } from './catalogue-data/cuisines';
import { ADS, POPUPS, PROMOTIONS } from './catalogue-data/marketing';
import { OPTION_TEMPLATES } from './catalogue-data/options';
import { RESTAURANTS, type RestaurantData } from './catalogue-data/restaurants';
import { dishPicturePath } from './pictures/dish';
import { BASE, DAY, reviewRows } from './reviews';
import type { Executor } from '../db/unit-of-work';

type WithId<T> = Insertable<T> & { id: number };

export interface CatalogueRows {
  cuisines: WithId<CuisinesTable>[];
  restaurants: WithId<RestaurantsTable>[];
  restaurant_cuisines: Insertable<RestaurantCuisinesTable>[];
  opening_hours: WithId<OpeningHoursTable>[];
  menu_categories: WithId<MenuCategoriesTable>[];
  menu_items: WithId<MenuItemsTable>[];
  option_groups: WithId<OptionGroupsTable>[];
  menu_options: WithId<MenuOptionsTable>[];
  reviews: ReturnType<typeof reviewRows>;
}

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

function hoursRows(r: RestaurantData, nextId: () => number): WithId<OpeningHoursTable>[] {
  return r.hours.flatMap(([days, open, close]) =>
    days.map((weekday) => {
      const open_min = minutes(open);
      let close_min = minutes(close);
      if (close_min <= open_min) close_min += 1440;
      return { id: nextId(), restaurant_id: r.id, weekday, open_min, close_min };
    }),
  );
}

/** The restaurant's categories: its main cuisine's, the first of each other cuisine's, and drinks. */
function menuCategories(r: RestaurantData): CategoryData[] {
  const [main, ...others] = r.cuisines.map((id) => CUISINES.find((c) => c.id === id)!);
  const categories = [...main!.categories, ...others.map((c) => c.categories[0]!)];
  if (!r.cuisines.includes(12)) categories.push(DRINKS);
  const count = categories.reduce((n, c) => n + c.dishes.length, 0);
  if (count <= 24) return categories;
  // Larger menus leave out every fifth dish (never a category's first) so no two restaurants look the same.
  return categories.map((c) => ({ ...c, dishes: c.dishes.filter((_, j) => j === 0 || (j + r.id) % 5 !== 0) }));
}

/** Prices differ a little between restaurants; a few end in .5 (shown as ¥12.5, spec §5). */
function priceFen(r: RestaurantData, yuan: number, j: number) {
  const factor = 0.9 + (r.id % 5) * 0.05;
  const half = (r.id + j) % 7 === 0 ? 50 : 0;
  return Math.round(yuan * factor) * 100 + half;
}

/** Every catalogue row, with fixed ids (parents first), built from catalogue-data/. */
export function catalogueSeed(): CatalogueRows {
  const counter = () => {
    let n = 0;
    return () => ++n;
  };
  const ids = {
    hours: counter(),
    category: counter(),
    item: counter(),
    group: counter(),
    option: counter(),
    review: counter(),
  };
  /** Every review comment of the seed, so none repeats. */
  const reviewTexts = new Set<string>();
  const rows: CatalogueRows = {
    cuisines: CUISINES.map((c) => ({
      id: c.id,
      code: c.code,
      name_cn: c.cn,
      name_en: c.en,
      icon: `/img/cuisine/${c.code}.svg`,
      sort: c.id,
    })),
    restaurants: [],
    restaurant_cuisines: [],
    opening_hours: [],
    menu_categories: [],
    menu_items: [],
    option_groups: [],
    menu_options: [],
    reviews: [],
  };

  for (const r of RESTAURANTS) {
    rows.restaurants.push({
      id: r.id,
      city_id: r.city_id,
      area_id: r.area_id,
      name_cn: r.cn,
      name_en: r.en,
      description_cn: r.descCn,
      description_en: r.descEn,
      address_cn: r.addrCn,
      address_en: r.addrEn,
      phone: r.phone,
      lat: r.lat,
      lng: r.lng,
      delivery_radius_m: r.radius,
      min_order_fen: r.minOrder,
      delivery_fee_fen: r.fee,
      pay_wechat: r.pay.includes('wechat') ? 1 : 0,
      pay_alipay: r.pay.includes('alipay') ? 1 : 0,
      pay_cod: r.pay.includes('cod') ? 1 : 0,
      pay_balance: r.pay.includes('balance') ? 1 : 0,
      delivery: r.delivery ? 1 : 0,
      collection: r.collection ? 1 : 0,
      prep_minutes: r.prep,
      logo: `/img/store/${r.id}-logo.svg`,
      cover: `/img/store/${r.id}-cover.svg`,
      closed: r.closed ? 1 : 0,
      resume_at: r.closed?.resumeAt ?? null,
      created_at: BASE - r.joinedDaysAgo * DAY,
    });
    for (const cuisine_id of r.cuisines) rows.restaurant_cuisines.push({ restaurant_id: r.id, cuisine_id });
    rows.opening_hours.push(...hoursRows(r, ids.hours));

    let itemIndex = 0;
    const items: WithId<MenuItemsTable>[] = [];
    menuCategories(r).forEach((category, ci) => {
      const category_id = ids.category();
      rows.menu_categories.push({
        id: category_id,
        restaurant_id: r.id,
        name_cn: category.cn,
        name_en: category.en,
        sort: ci + 1,
      });
      category.dishes.forEach((dish: Dish, j) => {
        const [name_cn, name_en, yuan, , options = [], descCn = '', descEn = ''] = dish;
        const item_id = ids.item();
        items.push({
          id: item_id,
          restaurant_id: r.id,
          category_id,
          name_cn,
          name_en,
          description_cn: descCn,
          description_en: descEn,
          picture: dishPicturePath(name_en),
          price_fen: priceFen(r, yuan, j),
          sold_out: (itemIndex * 7 + r.id) % 13 === 5 ? 1 : 0,
          sort: j + 1,
        });
        itemIndex++;
        options.forEach((key, gi) => {
          const t = OPTION_TEMPLATES[key];
          const group_id = ids.group();
          rows.option_groups.push({
            id: group_id,
            item_id,
            name_cn: t.name_cn,
            name_en: t.name_en,
            compulsory: t.compulsory ? 1 : 0,
            min_select: t.min,
            max_select: t.max,
            sort: gi + 1,
          });
          t.options.forEach(([ocn, oen, delta], oi) => {
            // Cheese runs out at odd-numbered restaurants, taro balls everywhere.
            const soldOut = (oen === 'Cheese' && r.id % 2 === 1) || oen === 'Taro balls';
            rows.menu_options.push({
              id: ids.option(),
              group_id,
              name_cn: ocn,
              name_en: oen,
              price_delta_fen: Math.round(delta * 100),
              sold_out: soldOut ? 1 : 0,
              sort: oi + 1,
            });
          });
        });
      });
    });
    // Every menu has at least one sold-out dish (never the first).
    if (!items.some((i) => i.sold_out)) items[1 + (r.id % (items.length - 1))]!.sold_out = 1;
    rows.menu_items.push(...items);
    rows.reviews.push(...reviewRows(r, ids.review, items, reviewTexts));
  }
  return rows;
}

/** Inserts in chunks: SQLite and PostgreSQL both cap the parameters of one statement. */
async function insertAll<T extends keyof Database & string>(
  trx: Executor,
  table: T,
  values: Insertable<Database[T]>[],
) {
  const columns = values[0] ? Object.keys(values[0]).length : 1;
  const size = Math.max(1, Math.floor(3000 / columns));
  for (let i = 0; i < values.length; i += size) {
    // Kysely cannot check a generic table's rows; the parameter type above already does.
    await trx
      .insertInto(table)
      .values(values.slice(i, i + size) as never)
      .execute();
  }
}

/** Catalogue tables in insertion order (parents first); every one but restaurant_cuisines has fixed ids. */
export const CATALOGUE_TABLES = [
  'cuisines',
  'restaurants',
  'opening_hours',
  'menu_categories',
  'menu_items',
  'option_groups',
  'menu_options',
  'reviews',
  'promotions',
  'ads',
  'popups',
] as const;

export async function seedCatalogue(trx: Executor): Promise<void> {
  const rows = catalogueSeed();
  await insertAll(trx, 'cuisines', rows.cuisines);
  await insertAll(trx, 'restaurants', rows.restaurants);
  await insertAll(trx, 'restaurant_cuisines', rows.restaurant_cuisines);
  await insertAll(trx, 'opening_hours', rows.opening_hours);
  await insertAll(trx, 'menu_categories', rows.menu_categories);
  await insertAll(trx, 'menu_items', rows.menu_items);
  await insertAll(trx, 'option_groups', rows.option_groups);
  await insertAll(trx, 'menu_options', rows.menu_options);
  await insertAll(trx, 'reviews', rows.reviews);
  await insertAll(trx, 'promotions', PROMOTIONS);
  await insertAll(trx, 'ads', ADS);
  await insertAll(trx, 'popups', POPUPS);
}
