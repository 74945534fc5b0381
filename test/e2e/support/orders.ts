/**
 * What the ordering journeys share: a new customer registered through the API (address in building 10, Dongmen
 * Pedestrian Street, in range of restaurant 9), the site started logged in on a phone viewport in a language,
 * choosing dishes with their options in the menu's choice layer, Taro's H5 dialogs and toasts, the API as a client
 * holding the customer's token calls it, and changes made behind the app's back (a price, a balance).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { fromRoot } from '../../../server/src/config';
import { createWalletRepository } from '../../../server/src/modules/wallet/repository';
import type { AuthResult, UserInfo } from '../../../types/api/accounts';
import type { CartIdResult } from '../../../types/api/cart';
import type { Quote, SubmitOrderResult } from '../../../types/api/checkout';
import type { BuildingList } from '../../../types/api/places';
import type { Menu, MenuItem } from '../../../types/api/stores';
import { ErrorCode } from '../../../types/errors';
import { API_PREFIX, apiData, exactly, shown, type Site } from './site';

export type Lang = 'cn' | 'en';

/** Restaurant 9 "Dongmen Lanzhou Noodles": every payment method, delivery and collection, open around the clock. */
export const NOODLES_SHOP = 9;
/** Dish 159 has two compulsory groups of one; dish 165 an optional group of at most 2 of 4 sauces. */
export const NOODLES = 159;
export const DUMPLINGS = 165;
/** Building 10, Dongmen Pedestrian Street (Luohu), in restaurant 9's delivery radius. */
export const DONGMEN = 10;

/** A phone (iPhone 12/13/14 size): the customer journeys run on the layout customers mostly see. */
export const PHONE = { width: 390, height: 844 };
/** A desktop browser window: the second size every screen is looked at. */
export const DESKTOP = { width: 1280, height: 900 };

export interface Customer {
  token: string;
  user: UserInfo;
  email: string;
  password: string;
}

export interface Envelope<T> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

/** Calls the API as a client holding `token` would (POST when there is a body). */
export async function callApi<T>(
  site: Site,
  path: string,
  token: string | undefined,
  body?: unknown,
  lang: Lang = 'cn',
): Promise<Envelope<T>> {
  const res = await fetch(`${site.url}${API_PREFIX}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'Accept-Language': lang,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  return { status: res.status, ...envelope };
}

/** callApi that must succeed; answers data. */
export async function okApi<T>(site: Site, path: string, token: string, body?: unknown, lang: Lang = 'cn') {
  const res = await callApi<T>(site, path, token, body, lang);
  if (res.code !== ErrorCode.Ok) throw new Error(`${path} answered ${res.code} ${res.msg}`);
  return res.data;
}

let serial = 0;

/** Registers a new customer whose (default) address is in building 10; registration's limit is 10 an hour per IP. */
export async function newCustomer(site: Site, lang: Lang): Promise<Customer> {
  serial += 1;
  const n = `${Date.now() % 1_000_000}`.padStart(6, '0') + String(serial).padStart(2, '0');
  const buildings = await apiData<BuildingList>(site.url, 'buildinglist', lang);
  const dongmen = buildings.find((b) => b.id === DONGMEN)!;
  const email = `orders.${lang}.${n}@example.com`;
  const password = 'secret-123';
  const reg = await callApi<AuthResult>(
    site,
    'reg',
    undefined,
    {
      name: lang === 'cn' ? `韩梅梅${serial}` : `Han Meimei ${serial}`,
      phone: `137${n}`,
      email,
      password,
      confirm_password: password,
      area_id: dongmen.area_id,
      building_id: dongmen.id,
      building_no: 'C',
      room_no: `${1000 + serial}`,
    },
    lang,
  );
  if (reg.code !== ErrorCode.Ok) throw new Error(`reg answered ${reg.code} ${reg.msg}`);
  const token = reg.data.access_token;
  const user = await okApi<UserInfo>(site, 'me', token, undefined, lang);
  return { token, user, email, password };
}

/**
 * A fresh page on a phone in `lang`, logged in as `customer` (Taro's H5 storage keeps values as {"data": value}),
 * with the chosen location in building 10.
 */
export async function startLoggedIn(site: Site, lang: Lang, customer: Customer | undefined): Promise<Page> {
  const buildings = await apiData<BuildingList>(site.url, 'buildinglist', lang);
  const b = buildings.find((x) => x.id === DONGMEN)!;
  const location = {
    lat: b.lat,
    lng: b.lng,
    name: b.name,
    address: b.address,
    source: 'building',
    building_id: b.id,
    city_id: b.city_id,
    area_id: b.area_id,
  };
  await site.context.addInitScript(
    ([l, loc, token, user]) => {
      // Only on the first document of the test: a later reload must see what the app itself stored.
      if (sessionStorage.getItem('e2e-started')) return;
      sessionStorage.setItem('e2e-started', '1');
      localStorage.setItem('_lang', JSON.stringify({ data: l }));
      localStorage.setItem('location', JSON.stringify({ data: loc }));
      if (token) localStorage.setItem('token', JSON.stringify({ data: token }));
      if (user) localStorage.setItem('userInfo', JSON.stringify({ data: user }));
    },
    [lang, location, customer?.token ?? null, customer?.user ?? null] as const,
  );
  await site.context.route(/^https?:\/\/[a-z.]*tile\.openstreetmap\.org\//, (route) => route.abort());
  await site.page.setViewportSize(PHONE);
  return site.page;
}

export async function menuItem(site: Site, lang: Lang, restaurantId: number, itemId: number): Promise<MenuItem> {
  const menu = await apiData<Menu>(site.url, `menulist?restaurant_id=${restaurantId}`, lang);
  return menu.categories.flatMap((c) => c.items).find((i) => i.id === itemId)!;
}

/**
 * Puts one of a dish into the customer's server cart through `addcart`, with the first options on sale of each group
 * (as many as a compulsory group needs, one of each other group).
 */
export async function addToCart(site: Site, customer: Customer, lang: Lang, restaurantId: number, dishId: number) {
  const item = await menuItem(site, lang, restaurantId, dishId);
  const optionIds = item.option_groups.flatMap((g) =>
    g.options
      .filter((o) => !o.sold_out)
      .slice(0, g.compulsory ? Math.max(1, g.min_select) : 1)
      .map((o) => o.id),
  );
  await okApi(
    site,
    'addcart',
    customer.token,
    { restaurant_id: restaurantId, dish_id: dishId, option_ids: optionIds },
    lang,
  );
}

export interface PlaceOrder {
  mode?: 'delivery' | 'collection';
  payment?: 'cod' | 'balance' | 'wechat';
  /** How many of the noodles (default 1). */
  quantity?: number;
  /** Names the attempt in its idempotency key (the test's own). */
  tag?: string;
}

/**
 * An order of the noodles at restaurant 9 placed through the API as the customer's app would (cart emptied first; the
 * first option on sale of each compulsory group; delivery to the default address, or collection at the first time
 * offered): pay on delivery (default) and balance orders go straight to the restaurant (status 6), wechat ones wait
 * for payment. Answers the order id.
 */
export async function placeOrder(site: Site, customer: Customer, lang: Lang, choice: PlaceOrder = {}): Promise<number> {
  const { mode = 'delivery', payment = 'cod', quantity = 1, tag = 'order' } = choice;
  const noodles = await menuItem(site, lang, NOODLES_SHOP, NOODLES);
  const optionIds = noodles.option_groups
    .filter((g) => g.compulsory)
    .map((g) => g.options.find((o) => !o.sold_out)!.id);
  await okApi<null>(site, 'delcart', customer.token, { restaurant_id: NOODLES_SHOP, all: true });
  await okApi<CartIdResult>(site, 'addcart', customer.token, {
    restaurant_id: NOODLES_SHOP,
    dish_id: NOODLES,
    quantity,
    option_ids: optionIds,
  });
  const base = {
    restaurant_id: NOODLES_SHOP,
    mode,
    payment_method: payment,
    ...(mode === 'delivery' ? { address_id: customer.user.default_address!.id } : {}),
  };
  let quote = await okApi<Quote>(site, 'confirmorder', customer.token, base, lang);
  const body = mode === 'collection' ? { ...base, collection_time: quote.collection_times[0]! } : base;
  if (mode === 'collection') quote = await okApi<Quote>(site, 'confirmorder', customer.token, body, lang);
  const placed = await okApi<SubmitOrderResult>(site, 'submitorder', customer.token, {
    ...body,
    idempotency_key: `e2e-${tag}-${lang}-${mode}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
    expected_total_fen: quote.total_fen,
  });
  return placed.order_id;
}

/** What was chosen for a dish: its option names in the menu's order and the price the layer showed. */
export interface Chosen {
  item: MenuItem;
  optionIds: number[];
  optionNames: string[];
}

/**
 * Opens a dish on the restaurant page, chooses the first orderable option of every compulsory group and `extra`
 * options of the first optional group, confirms, and waits for the cart to count it.
 */
export async function addDish(page: Page, item: MenuItem, addedText: string, extra = 0): Promise<Chosen> {
  const countBefore = Number((await shown(page, '.cart-panel__count').innerText()).trim() || '0');
  await shown(page, '.menu-item')
    .filter({ has: page.locator('.menu-item__name', { hasText: exactly(item.name) }) })
    .click();
  await shown(page, '.menu-choice').waitFor();
  const chosen: Chosen = { item, optionIds: [], optionNames: [] };
  const pick = async (groupIndex: number, count: number) => {
    const group = item.option_groups[groupIndex]!;
    for (const o of group.options.filter((x) => !x.sold_out).slice(0, count)) {
      await shown(page, '.menu-choice__option')
        .filter({ has: page.locator('.menu-choice__option-name', { hasText: exactly(o.name) }) })
        .first()
        .click();
      chosen.optionIds.push(o.id);
    }
  };
  for (const [i, g] of item.option_groups.entries()) {
    if (g.compulsory) await pick(i, Math.max(1, g.min_select));
    else if (extra > 0) {
      await pick(i, Math.min(extra, g.max_select));
      extra = 0;
    }
  }
  // The names in the menu's order (the cart lists them so).
  const ids = new Set(chosen.optionIds);
  chosen.optionNames = item.option_groups.flatMap((g) => g.options.filter((o) => ids.has(o.id)).map((o) => o.name));
  await shown(page, '.menu-choice__confirm').click();
  await expectToast(page, addedText);
  await shown(page, '.menu-choice').waitFor({ state: 'detached' });
  await page.waitForFunction((before) => {
    const el = [...document.querySelectorAll<HTMLElement>('.cart-panel__count')].find((e) => e.offsetParent);
    return !!el && Number(el.innerText.trim()) > before;
  }, countBefore);
  return chosen;
}

/** The toast Taro shows on H5, by its text. */
export async function expectToast(page: Page, text: string) {
  await page
    .locator('.taro__toast p')
    .filter({ hasText: exactly(text) })
    .waitFor({ state: 'visible' });
}

/** Taro's H5 showModal: its message, then a tap on confirm (true) or cancel (false). */
export async function answerModal(page: Page, confirm: boolean): Promise<string> {
  // The wrapper itself has no box (its mask and dialog are fixed): wait for the dialog.
  const modal = page.locator('.taro-modal__content >> visible=true');
  await modal.waitFor();
  const text = (await modal.locator('.taro-modal__text').innerText()).trim();
  await modal.locator(confirm ? '.taro-model__confirm' : '.taro-model__cancel').click();
  await modal.waitFor({ state: 'hidden' });
  return text;
}

/** A dish's price changed behind the app's back (as the restaurant would change its menu). */
export async function setDishPrice(site: Site, itemId: number, priceFen: number): Promise<void> {
  const db = site.server.db.kysely;
  await db.updateTable('menu_items').set({ price_fen: priceFen }).where('id', '=', itemId).execute();
  // Menus are cached; a catalogue write bumps this version (server/src/db/cache-versions.ts).
  await db
    .updateTable('cache_versions')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('name', '=', 'catalogue')
    .execute();
}

/** Money into the customer's wallet through the ledger, as a top-up would put it. */
export async function creditWallet(site: Site, userId: number, fen: number): Promise<void> {
  await site.server.db.kysely
    .transaction()
    .execute((tx) =>
      createWalletRepository(tx).credit(
        userId,
        fen,
        { reason: 'seed', refType: 'e2e', refId: String(userId) },
        Date.now(),
      ),
    );
}

const run = promisify(execFile);

/**
 * The operator tool, as a person runs it from the terminal: `npm run orders -- advance <id>` on the test server's
 * database. Answers what it printed.
 */
export async function operatorAdvance(site: Site, orderId: number): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'orders', '--', 'advance', String(orderId)], {
    cwd: fromRoot('.'),
    env: { ...process.env, DATABASE_URL: site.server.databaseUrl, LOG_LEVEL: 'silent' },
    timeout: 60_000,
  });
  return stdout;
}

/** Retries check until it passes. */
export async function eventually(check: () => Promise<void>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
