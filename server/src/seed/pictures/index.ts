import { CUISINES, DRINKS } from '../catalogue-data/cuisines';
import { ADS, POPUPS, PROMOTIONS } from '../catalogue-data/marketing';
import { RESTAURANTS } from '../catalogue-data/restaurants';
import { dishArt, dishPicturePath } from './dish';
import { foodArt, foodBackground } from './food';

/** Each cuisine's picture. */
const CUISINE_KIND: Record<string, string> = {
  cantonese: 'dimsum',
  sichuan: 'spicy',
  hunan: 'fish',
  chaoshan: 'beef',
  noodles: 'noodles',
  japanese: 'sushi',
  korean: 'friedchicken',
  western: 'burger',
  italian: 'pizza',
  southeast_asian: 'pho',
  bbq: 'skewer',
  desserts: 'milktea',
  healthy: 'salad',
};

/** Mixes a #rrggbb colour with white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount));
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix);
  return `#${((1 << 24) | (r! << 16) | (g! << 8) | b!).toString(16).slice(1)}`;
}

const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body.replace(/\n\s*/g, '')}</svg>\n`;

const gradient = (id: string, from: string, to: string) =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`;

const place = (kind: string, x: number, y: number, size: number) =>
  `<g transform="translate(${x} ${y}) scale(${size / 200})">${foodArt(kind)}</g>`;

/** The kinds dishes had their pictures by before each dish had its own (none is a dish's path today: tested). */
// prettier-ignore
const LEGACY_KINDS = [
  'noodles', 'ramen', 'pho', 'soup', 'congee', 'rice', 'curry', 'bibimbap', 'poke', 'salad', 'hotpot', 'spicy', 'tofu',
  'veg', 'dimsum', 'dumplings', 'bun', 'roast', 'fish', 'shrimp', 'chicken', 'beef', 'friedchicken', 'skewer', 'sushi',
  'springroll', 'egg', 'bread', 'pasta', 'pizza', 'burger', 'fries', 'milktea', 'coffee', 'juice', 'cola', 'dessert',
  'icecream',
];
/** The dish pictures of the first picture version, one per kind (/img/dish/noodles.svg); still served. */
export const LEGACY_DISH_PICTURES = LEGACY_KINDS.map((kind) => `/img/dish/${kind}.svg`);

function legacyDish(kind: string) {
  return svg(200, 200, `<rect width="200" height="200" rx="24" fill="${foodBackground(kind)}"/>${foodArt(kind)}`);
}

/** Every dish of the seed once (a dish on several menus, such as the drinks, is one dish with one picture). */
export function seedDishes(): Array<{ cn: string; en: string; kind: string }> {
  const dishes = new Map<string, { cn: string; en: string; kind: string }>();
  for (const category of [...CUISINES.flatMap((c) => c.categories), DRINKS]) {
    for (const [cn, en, , kind] of category.dishes) if (!dishes.has(cn)) dishes.set(cn, { cn, en, kind });
  }
  return [...dishes.values()];
}

/** The outline of a restaurant's mark in a 160 x 160 box; each restaurant takes one by its id. */
const MARK_SHAPES = [
  // hexagon
  '<path d="M80 6l64 37v74l-64 37-64-37V43z"/>',
  // shield
  '<path d="M80 6l64 18v50c0 40-28 68-64 80-36-12-64-40-64-80V24z"/>',
  // octagon
  '<path d="M52 6h56l46 46v56l-46 46H52L6 108V52z"/>',
  // rosette: a circle with twelve scallops
  `<path d="${Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    const b = ((i + 0.5) * Math.PI) / 6;
    const p = (r: number, t: number) => `${(80 + r * Math.sin(t)).toFixed(1)} ${(80 - r * Math.cos(t)).toFixed(1)}`;
    return `${i === 0 ? 'M' : 'L'}${p(74, a)} Q${p(82, b)} ${p(74, a + Math.PI / 6)}`;
  }).join(' ')}z"/>`,
  // arch (a shop front)
  '<path d="M14 154V74C14 36 44 6 80 6s66 30 66 68v80z"/>',
  // rounded diamond tile
  '<rect x="10" y="10" width="140" height="140" rx="40"/>',
];

/**
 * A restaurant's mark: an outline of its own (by id) in its colour with its signature dish drawn inside, on a pale tile
 * of the same colour (not a letter in a circle). No words in it: the app shows the restaurant's name beside it in the
 * customer's language (issue 15, no text baked into pictures in one language).
 */
function logo(id: number, color: string, emblem: string) {
  const shape = MARK_SHAPES[id % MARK_SHAPES.length]!;
  return svg(
    160,
    160,
    `${gradient('g', shade(color, 0.1), shade(color, -0.25))}<rect width="160" height="160" rx="28" fill="${shade(color, 0.88)}"/>` +
      `<g fill="url(#g)">${shape}</g>` +
      `<circle cx="80" cy="80" r="50" fill="#fff" opacity=".92"/>` +
      place(emblem, 32, 32, 96),
  );
}

/** The restaurant's signature dish kind: a dish of its main cuisine, taken by its id so neighbours differ. */
function signatureKind(cuisineId: number, id: number) {
  const dishes = CUISINES.find((c) => c.id === cuisineId)!.categories.flatMap((c) => c.dishes);
  return dishes[(id * 7) % dishes.length]![3];
}

function cover(color: string, kinds: string[]) {
  const [main, second = main] = kinds;
  return svg(
    750,
    400,
    `${gradient('g', shade(color, 0.35), shade(color, -0.1))}<rect width="750" height="400" fill="url(#g)"/>` +
      `<circle cx="640" cy="60" r="160" fill="#fff" opacity=".08"/><circle cx="80" cy="380" r="140" fill="#fff" opacity=".08"/>` +
      `<circle cx="520" cy="210" r="170" fill="#fff" opacity=".18"/>` +
      place(main!, 370, 50, 300) +
      place(second!, 90, 170, 180),
  );
}

/**
 * A promotion's or an ad's picture: no words in it (the app shows the title as text, in the customer's language; issue
 * 15, no text baked into pictures in one language), the drawing on the right and a few soft circles on the left.
 */
function banner(w: number, h: number, color: string, kind: string) {
  const art = Math.round(Math.min(h * 0.9, w * 0.38));
  return svg(
    w,
    h,
    `${gradient('g', shade(color, 0.1), shade(color, -0.25))}<rect width="${w}" height="${h}" fill="url(#g)"/>` +
      `<circle cx="${Math.round(w * 0.12)}" cy="${Math.round(h * 0.3)}" r="${Math.round(h * 0.42)}" fill="#fff" opacity=".08"/>` +
      `<circle cx="${Math.round(w * 0.36)}" cy="${Math.round(h * 0.86)}" r="${Math.round(h * 0.3)}" fill="#fff" opacity=".08"/>` +
      `<circle cx="${w - art / 2 - 10}" cy="${h / 2}" r="${art / 2}" fill="#fff" opacity=".2"/>` +
      place(kind, w - art - 10, (h - art) / 2, art),
  );
}

/**
 * A pop-up's picture: no words in it (the dialog's title and text say what it is about, in the customer's language),
 * the drawing in the middle with a few sparkles; or a drawing of its own (POPUP_ART).
 */
function popupPicture(w: number, h: number, color: string, kind: string, art?: string) {
  const size = Math.round(h * 0.78);
  const sparkles =
    `<g fill="#fff" opacity=".75"><circle cx="${w * 0.15}" cy="${h * 0.22}" r="6"/><circle cx="${w * 0.23}" cy="${h * 0.77}" r="4"/>` +
    `<circle cx="${w * 0.83}" cy="${h * 0.18}" r="5"/><circle cx="${w * 0.87}" cy="${h * 0.73}" r="7"/>` +
    `<circle cx="${w * 0.11}" cy="${h * 0.54}" r="4"/></g>`;
  return svg(
    w,
    h,
    `${gradient('g', shade(color, 0.1), shade(color, -0.25))}<rect width="${w}" height="${h}" fill="url(#g)"/>` +
      `<circle cx="${w / 2}" cy="${h / 2}" r="${size / 2 + 20}" fill="#fff" opacity=".18"/>` +
      sparkles +
      (art ?? place(kind, (w - size) / 2, (h - size) / 2, size)),
  );
}

/** A typhoon warning: the storm sign between rain clouds (600 x 360). */
const TYPHOON =
  '<g transform="translate(300 176)"><g fill="none" stroke="#ffd54f" stroke-width="18" stroke-linecap="round">' +
  '<path d="M-44 -58a74 74 0 0 1 118 38"/><path d="M44 58a74 74 0 0 1 -118 -38"/></g>' +
  '<circle r="40" fill="none" stroke="#ffd54f" stroke-width="18"/><circle r="12" fill="#ffd54f"/></g>' +
  '<g fill="#e3ecf7"><path d="M96 118a34 34 0 0 1 64-14a28 28 0 0 1 34 27a22 22 0 0 1-4 43H100a30 30 0 0 1-4-56z"/>' +
  '<path d="M418 196a30 30 0 0 1 56-12a24 24 0 0 1 30 24a20 20 0 0 1-4 38h-76a26 26 0 0 1-6-50z"/></g>' +
  '<g stroke="#9fc3ee" stroke-width="6" stroke-linecap="round"><path d="M112 196l-10 24M142 196l-10 24M172 196l-10 24M120 238l-8 18M150 238l-8 18"/>' +
  '<path d="M432 262l-9 22M460 262l-9 22M488 262l-9 22"/></g>';
/** Pop-ups with a drawing of their own instead of a dish, and its background colour. */
const POPUP_ART: Record<string, { color: string; art: string }> = {
  '/img/popup/2.svg': { color: '#3d5f91', art: TYPHOON },
};

const BANNER_COLORS = ['#e4572e', '#2d98da', '#20bf6b', '#8854d0', '#f7b731', '#eb3b5a'];
/** The dish on each banner, by picture path, matching what the banner is about. */
const BANNER_KINDS: Record<string, string> = {
  '/img/promo/1.svg': 'noodles',
  '/img/promo/2.svg': 'roast',
  '/img/promo/3.svg': 'dimsum',
  '/img/promo/4.svg': 'skewer',
  '/img/promo/5.svg': 'bibimbap',
  '/img/promo/6.svg': 'shrimp',
  '/img/ad/1.svg': 'milktea',
  '/img/ad/2.svg': 'dimsum',
  '/img/ad/3.svg': 'spicy',
  '/img/ad/4.svg': 'dessert',
  '/img/ad/5.svg': 'ramen',
  '/img/popup/1.svg': 'noodles',
  '/img/popup/2.svg': 'soup',
};
const bannerKind = (path: string) => BANNER_KINDS[path] ?? 'rice';

/** Every seeded picture, keyed by its URL path (e.g. /img/dish/noodles.svg). */
export function seedPictures(): Map<string, string> {
  const files = new Map<string, string>();
  for (const d of seedDishes()) files.set(dishPicturePath(d.en), svg(200, 200, dishArt(d.cn, d.kind)));
  // Databases seeded before dishes had pictures of their own point at one picture per kind: keep those answering.
  for (const kind of LEGACY_KINDS) files.set(`/img/dish/${kind}.svg`, legacyDish(kind));
  for (const c of CUISINES) {
    const kind = CUISINE_KIND[c.code]!;
    files.set(
      `/img/cuisine/${c.code}.svg`,
      svg(120, 120, `<circle cx="60" cy="60" r="60" fill="${foodBackground(kind)}"/>${place(kind, 6, 4, 108)}`),
    );
  }
  for (const r of RESTAURANTS) {
    const kinds = r.cuisines.map((id) => CUISINE_KIND[CUISINES.find((c) => c.id === id)!.code]!);
    const extra = kinds.length > 1 ? [] : [r.id % 2 ? 'juice' : 'cola'];
    files.set(`/img/store/${r.id}-logo.svg`, logo(r.id, r.color, signatureKind(r.cuisines[0]!, r.id)));
    files.set(`/img/store/${r.id}-cover.svg`, cover(r.color, [...kinds, ...extra]));
  }
  PROMOTIONS.forEach((p, i) => {
    const path = p.picture!;
    if (!files.has(path)) {
      files.set(path, banner(750, 300, BANNER_COLORS[i % 6]!, bannerKind(path)));
    }
  });
  ADS.forEach((a, i) => {
    const path = a.picture!;
    if (!files.has(path)) {
      files.set(path, banner(750, 260, BANNER_COLORS[(i + 2) % 6]!, bannerKind(path)));
    }
  });
  POPUPS.forEach((p, i) => {
    const path = p.picture!;
    const own = POPUP_ART[path];
    if (!files.has(path))
      files.set(path, popupPicture(600, 360, own?.color ?? BANNER_COLORS[(i + 4) % 6]!, bannerKind(path), own?.art));
  });
  return files;
}
