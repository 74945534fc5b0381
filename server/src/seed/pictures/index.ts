import { CUISINES } from '../catalogue-data/cuisines';
import { ADS, POPUPS, PROMOTIONS } from '../catalogue-data/marketing';
import { RESTAURANTS } from '../catalogue-data/restaurants';
import { FOOD_KINDS, foodArt, foodBackground } from './food';

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

const FONT = "'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC','Noto Sans SC',sans-serif";

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

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

function dish(kind: string) {
  return svg(200, 200, `<rect width="200" height="200" rx="24" fill="${foodBackground(kind)}"/>${foodArt(kind)}`);
}

function logo(name: string, color: string) {
  return svg(
    160,
    160,
    `${gradient('g', shade(color, 0.15), shade(color, -0.2))}<circle cx="80" cy="80" r="78" fill="url(#g)"/>` +
      `<circle cx="80" cy="80" r="64" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="3"/>` +
      `<text x="80" y="80" dy=".35em" text-anchor="middle" font-family="${FONT}" font-size="64" font-weight="700" fill="#fff">${escape(name.slice(0, 1))}</text>`,
  );
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

function banner(w: number, h: number, color: string, cn: string, en: string, kind: string) {
  const art = Math.round(Math.min(h * 0.9, w * 0.38));
  const room = w - art - 60;
  // Chinese characters are about 1em wide, Latin text about 0.55em: shrink long titles to fit beside the picture.
  const cnSize = Math.min(Math.round(h / 7), Math.floor(room / cn.length));
  const enSize = Math.min(Math.round(h / 12), Math.floor(room / (en.length * 0.55)));
  return svg(
    w,
    h,
    `${gradient('g', shade(color, 0.1), shade(color, -0.25))}<rect width="${w}" height="${h}" fill="url(#g)"/>` +
      `<circle cx="${w - art / 2 - 10}" cy="${h / 2}" r="${art / 2}" fill="#fff" opacity=".2"/>` +
      place(kind, w - art - 10, (h - art) / 2, art) +
      `<text x="40" y="${h / 2 - 8}" font-family="${FONT}" font-size="${cnSize}" font-weight="700" fill="#fff">${escape(cn)}</text>` +
      `<text x="40" y="${h / 2 + 8 + enSize * 1.2}" font-family="${FONT}" font-size="${enSize}" fill="#fff" opacity=".9">${escape(en)}</text>`,
  );
}

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
  for (const kind of FOOD_KINDS) files.set(`/img/dish/${kind}.svg`, dish(kind));
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
    files.set(`/img/store/${r.id}-logo.svg`, logo(r.cn, r.color));
    files.set(`/img/store/${r.id}-cover.svg`, cover(r.color, [...kinds, ...extra]));
  }
  PROMOTIONS.forEach((p, i) => {
    const path = p.picture!;
    if (!files.has(path)) {
      files.set(path, banner(750, 300, BANNER_COLORS[i % 6]!, p.title_cn!, p.title_en!, bannerKind(path)));
    }
  });
  ADS.forEach((a, i) => {
    const path = a.picture!;
    if (!files.has(path)) {
      files.set(path, banner(750, 260, BANNER_COLORS[(i + 2) % 6]!, a.title_cn!, a.title_en!, bannerKind(path)));
    }
  });
  POPUPS.forEach((p, i) => {
    const path = p.picture!;
    if (!files.has(path))
      files.set(path, banner(600, 360, BANNER_COLORS[(i + 4) % 6]!, p.title_cn!, p.title_en!, bannerKind(path)));
  });
  return files;
}
