/** Restaurants, menus and places for the discover screens' tests, shaped like the API contract. */
import type { Area, Building, City, ClosestAddr } from '../../../types/api/places';
import type { Menu, MenuItem, OptionGroup, StoreInfo, StoreSummary } from '../../../types/api/stores';

export const SHENZHEN: City = { id: 1, code: 'shenzhen', name: 'Shenzhen', lat: 22.5431, lng: 114.0579 };
export const FUTIAN: Area = { id: 2, city_id: 1, name: 'Futian', lat: 22.541, lng: 114.055 };
export const EXCELLENCE: Building = {
  id: 5,
  area_id: 2,
  city_id: 1,
  name: 'Excellence Century Centre',
  address: '2028 Jintian Road, Futian',
  lat: 22.538,
  lng: 114.0575,
};

/** What the app keeps (LOCATION_KEY) for a customer who chose Excellence Century Centre from the building list. */
export const SAVED_LOCATION = {
  lat: EXCELLENCE.lat,
  lng: EXCELLENCE.lng,
  name: EXCELLENCE.name,
  address: '',
  source: 'building',
  city_id: EXCELLENCE.city_id,
  building_id: EXCELLENCE.id,
};

export function closest(building: Building = EXCELLENCE, distance_m = 120): ClosestAddr {
  return { building, area: FUTIAN, city: SHENZHEN, distance_m };
}

export function store(id: number, name: string, extra: Partial<StoreSummary> = {}): StoreSummary {
  return {
    id,
    name,
    logo: `/img/store/${id}-logo.svg`,
    cover: `/img/store/${id}-cover.svg`,
    address: `${id} Test Road`,
    city_id: 1,
    area_id: 2,
    area_name: 'Futian',
    lat: 22.54,
    lng: 114.05,
    cuisines: [{ id: 1, name: 'Cantonese' }],
    rating: 4.5,
    review_count: 12,
    min_order_fen: 2000,
    delivery_fee_fen: 500,
    delivery_radius_m: 5000,
    prep_minutes: 20,
    delivery: true,
    collection: true,
    distance_m: 850,
    created_at: Date.UTC(2025, 0, 1),
    is_open: true,
    closed_reason: null,
    resumes_at: null,
    closes_at: null,
    ...extra,
  };
}

export function storeInfo(id: number, name: string, extra: Partial<StoreInfo> = {}): StoreInfo {
  return {
    ...store(id, name),
    description: `${name} since 1998`,
    phone: '0755-12345678',
    city_name: 'Shenzhen',
    hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      weekday,
      windows: [{ open: '10:00', close: '22:00', overnight: false }],
    })),
    payment_methods: ['wechat', 'alipay'],
    rating_summary: {
      count: 12,
      average: 4.5,
      food_average: 4.6,
      other_average: 4.4,
      stars: [0, 0, 1, 4, 7],
      delivery_time: { within30: 5, within40: 4, within50: 2, within60: 1, over60: 0 },
    },
    in_delivery_range: true,
    ...extra,
  };
}

export function group(
  id: number,
  name: string,
  rules: Partial<OptionGroup>,
  options: Array<[number, string, number, boolean?]>,
): OptionGroup {
  return {
    id,
    name,
    compulsory: false,
    min_select: 0,
    max_select: 1,
    ...rules,
    options: options.map(([oid, oname, delta, sold]) => ({
      id: oid,
      name: oname,
      price_delta_fen: delta,
      sold_out: !!sold,
    })),
  };
}

/** Beef noodles: a compulsory noodle choice (one), and up to two toppings of four, one sold out. */
export function noodles(extra: Partial<MenuItem> = {}): MenuItem {
  return {
    id: 159,
    category_id: 1,
    name: 'Lanzhou Beef Noodles',
    description: 'Hand-pulled',
    picture: '/img/dish/159.svg',
    price_fen: 2000,
    sold_out: false,
    option_groups: [
      group(11, 'Noodles', { compulsory: true, min_select: 1, max_select: 1 }, [
        [111, 'Thin', 0],
        [112, 'Wide', 0],
        [113, 'Rice noodles', 100],
      ]),
      group(12, 'Toppings', { max_select: 2 }, [
        [121, 'Fried egg', 300],
        [122, 'Extra beef', 800],
        [123, 'Greens', 300],
        [124, 'Cheese', 500, true],
      ]),
    ],
    ...extra,
  };
}

export function plainItem(id: number, name: string, price_fen: number, extra: Partial<MenuItem> = {}): MenuItem {
  return {
    id,
    category_id: 2,
    name,
    description: '',
    picture: '',
    price_fen,
    sold_out: false,
    option_groups: [],
    ...extra,
  };
}

export function menu(restaurantId = 9): Menu {
  const items1 = [noodles(), plainItem(164, 'Pickled Cabbage Noodles', 2250, { category_id: 1, sold_out: true })];
  const items2 = [plainItem(177, 'Herbal Tea', 800), plainItem(178, 'Soy Milk', 600)];
  return {
    restaurant_id: restaurantId,
    item_count: items1.length + items2.length,
    categories: [
      { id: 1, name: 'Noodles', items: items1 },
      { id: 2, name: 'Drinks', items: items2 },
    ],
  };
}

/** Types into the Taro <Input> under `selector` (its native input appears a moment after the first render). */
export async function typeIn(container: Element, selector: string, value: string, submit = false) {
  const { act } = await import('react');
  const { fill, getBySelector, inputSelector, waitFor } = await import('./render');
  const input = (await waitFor(() => getBySelector(container, inputSelector(selector)), 3000)) as HTMLInputElement;
  await fill(input, value);
  if (submit) {
    await act(async () => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13, bubbles: true }));
      input.dispatchEvent(new KeyboardEvent('keypress', { key: 'Enter', keyCode: 13, bubbles: true }));
      input.dispatchEvent(new KeyboardEvent('keyup', { key: 'Enter', keyCode: 13, bubbles: true }));
    });
  }
  return input;
}
