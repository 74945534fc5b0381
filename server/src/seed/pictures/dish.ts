import { foodArt, foodBackground } from './food';

/**
 * One picture per dish: the dish kind's drawing (bowl, plate, cup...) with what the dish's name says is in it drawn on
 * top (prawns, peanuts and chillies, beef slices, mango...), its own background tint and a small thing beside it.
 * Two dishes of one kind (宫保鸡丁 and 辣子鸡 are both 'chicken') therefore look different, and the same dish looks
 * the same at every restaurant. Everything is derived from the dish's Chinese name, so the seed stays deterministic.
 */

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over the UTF-16 code units. */
function hash(text: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const at = (x: number, y: number, turn: number, body: string) =>
  `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${Math.round(turn)})">${body}</g>`;

/** A wavy drizzle (honey, sauce) in one colour. */
const drizzle = (color: string) =>
  `<path d="M-10 0c4-4 8 4 12 0s6 2 8 0" fill="none" stroke="${color}" stroke-width="3" stroke-linecap="round"/>`;

/** Ingredients: each a small shape around (0, 0), about 14 px across, that dishArt places and turns (at). */
// prettier-ignore
const PIECES: Record<string, string> = {
  prawn: '<path d="M-6 4a7 7 0 1 1 8 2" fill="none" stroke="#f4845f" stroke-width="5" stroke-linecap="round"/>',
  beef: '<path d="M-9-3c6-5 14-3 18 1-4 6-13 7-18-1z" fill="#8d4a2f" stroke="#c47a5a" stroke-width="1.5"/>',
  pork: '<rect x="-8" y="-5" width="16" height="10" rx="2" fill="#c9694b"/><rect x="-8" y="-1" width="16" height="3" fill="#f6d7c3"/>',
  chicken: '<rect x="-6" y="-5" width="12" height="10" rx="3" fill="#e3a04f" stroke="#c07a2a" stroke-width="1"/>',
  fish: '<rect x="-8" y="-5" width="16" height="10" rx="2" fill="#ff8a5b"/><path d="M-4-5l3 10M2-5l3 10" stroke="#ffe0cc" stroke-width="1.5"/>',
  chilli: '<path d="M-8 0c2-4 10-4 14 0-4 3-10 3-14 0z" fill="#d62828"/><path d="M6 0l4-2" stroke="#2e7d32" stroke-width="2" stroke-linecap="round"/>',
  peanut: '<ellipse cx="-2.5" cy="0" rx="3.5" ry="3" fill="#d9a86c"/><ellipse cx="2.5" cy="0" rx="3.5" ry="3" fill="#d9a86c"/>',
  egg: '<circle r="7" fill="#fffdf5" stroke="#eee4cf" stroke-width="1"/><circle r="3.5" fill="#f5b82e"/>',
  scallion: '<circle r="3" fill="none" stroke="#5cb85c" stroke-width="2"/>',
  greens: '<path d="M-8 2c2-8 12-10 16-4-4 6-10 8-16 4z" fill="#4caf50"/><path d="M-6 2l12-5" stroke="#2e7d32" stroke-width="1"/>',
  garlic: '<path d="M-4 3c-2-6 2-9 4-9s6 3 4 9z" fill="#fbf8ee" stroke="#e2d9c2" stroke-width="1"/>',
  cheese: '<path d="M-7 5l7-11 7 11z" fill="#ffd54f" stroke="#f2b705" stroke-width="1"/>',
  mushroom: '<path d="M-7 0a7 6 0 0 1 14 0z" fill="#8d6e63"/><rect x="-2" y="0" width="4" height="5" fill="#efe6dc"/>',
  tomato: '<circle r="7" fill="#e53935"/><circle r="4.5" fill="#ef5350"/><circle cx="-2" cy="-1" r="1" fill="#ffe082"/><circle cx="2" cy="1" r="1" fill="#ffe082"/>',
  mango: '<rect x="-5" y="-5" width="10" height="10" rx="2" fill="#ffb300"/>',
  coconut: '<path d="M-7 3a7 7 0 0 1 14 0z" fill="#ffffff" stroke="#795548" stroke-width="2"/>',
  bean: '<ellipse rx="3" ry="2" fill="#8e2430"/>',
  tofu: '<rect x="-5" y="-5" width="10" height="10" rx="2" fill="#fff4d6" stroke="#e8d7a8" stroke-width="1"/>',
  sesame: '<ellipse rx="1.6" ry="1" fill="#fffaf0"/><ellipse cx="5" cy="3" rx="1.6" ry="1" fill="#3e2723"/>',
  corn: '<circle r="2.5" fill="#fdd835"/><circle cx="5" cy="1" r="2.5" fill="#fbc02d"/>',
  bacon: '<path d="M-9 0c3-4 6 4 9 0s6 4 9 0" fill="none" stroke="#c0392b" stroke-width="4"/><path d="M-9 0c3-4 6 4 9 0s6 4 9 0" fill="none" stroke="#f8c9b8" stroke-width="1.2"/>',
  squid: '<circle r="5" fill="none" stroke="#f3e5d8" stroke-width="3"/>',
  pineapple: '<path d="M-6 4l6-10 6 10z" fill="#fdd835" stroke="#f9a825" stroke-width="1"/>',
  sausage: '<circle r="6" fill="#b71c1c"/><circle cx="-2" cy="-1" r="1.2" fill="#ffcdd2"/><circle cx="2" cy="2" r="1.2" fill="#ffcdd2"/>',
  basil: '<path d="M0-6c6 2 6 10 0 12-6-2-6-10 0-12z" fill="#2e7d32"/>',
  kimchi: '<path d="M-8 2c4-8 12-8 16-2-6 6-10 6-16 2z" fill="#e4572e" stroke="#b23a1c" stroke-width="1"/>',
  shell: '<path d="M-8 4a8 8 0 0 1 16 0z" fill="#cfd8dc"/><path d="M-4 4v-5M0 4v-7M4 4v-5" stroke="#90a4ae" stroke-width="1"/>',
  taro: '<rect x="-5" y="-5" width="10" height="10" rx="3" fill="#b39ddb"/>',
  pearl: '<circle r="3.5" fill="#3e2723"/><circle cx="-1" cy="-1" r="1" fill="#8d6e63"/>',
  matcha: '<circle r="4" fill="#8bc34a" opacity=".8"/><circle cx="6" cy="2" r="2.5" fill="#689f38" opacity=".8"/>',
  seaweed: '<rect x="-7" y="-4" width="14" height="8" rx="1" fill="#1b3a2a"/>',
  sago: '<circle r="2.5" fill="#ffffff" stroke="#e0e0e0" stroke-width=".8"/>',
  wonton: '<path d="M-8 3c0-8 16-8 16 0-4 3-12 3-16 0z" fill="#fdfaf3" stroke="#e6dcc6" stroke-width="1"/>',
  eel: '<rect x="-9" y="-4" width="18" height="8" rx="3" fill="#7b3f14"/><path d="M-6-1h12" stroke="#c68642" stroke-width="1.5"/>',
  lamb: '<rect x="-5" y="-5" width="10" height="10" rx="2" fill="#6d3b22"/><circle cx="2" cy="-2" r="1" fill="#ffe0b2"/>',
  potato: '<rect x="-2" y="-8" width="4" height="16" rx="1" fill="#f9c74f"/>',
  onion: '<circle r="6" fill="none" stroke="#e0a84a" stroke-width="3.5"/>',
  lemon: '<path d="M-7 2a7 7 0 0 1 14 0z" fill="#fff176" stroke="#fbc02d" stroke-width="1.5"/>',
  fruit: '<circle r="5" fill="#8e44ad"/><circle cx="-1.5" cy="-1.5" r="1.5" fill="#c39bd3"/>',
  passion: '<circle r="5" fill="#ffca28"/><circle cx="-1.5" cy="0" r="1.2" fill="#3e2723"/><circle cx="1.5" cy="1" r="1.2" fill="#3e2723"/>',
  oat: '<ellipse rx="3.5" ry="1.8" fill="#e6cc9a"/>',
  drip: '<path d="M-10-4h20l-4 8h-12z" fill="#b0bec5"/>',
  heart: '<path d="M0 6c-10-6-10-14-4-14 2 0 4 2 4 4 0-2 2-4 4-4 6 0 6 8-4 14z" fill="#f3e3cf"/>',
  quinoa: '<circle r="1.8" fill="#f5e6c8"/><circle cx="4" cy="2" r="1.8" fill="#c62828" opacity=".7"/>',
  avocado: '<ellipse rx="7" ry="5" fill="#c5e1a5" stroke="#558b2f" stroke-width="2"/>',
  durian: '<path d="M-6 4l2-8h8l2 8z" fill="#f0d264"/>',
  yogurt: '<circle r="5" fill="#ffffff" opacity=".9"/>',
  chocolate: '<rect x="-5" y="-4" width="10" height="8" rx="1" fill="#5d4037"/>',
  honey: drizzle('#f9a825'),
  sauce: drizzle('#c62828'),
  pepper: '<circle r="1.5" fill="#3e2723"/><circle cx="4" cy="3" r="1.5" fill="#3e2723"/>',
};

/** What a name says is in the dish (first match first); at most three are drawn. */
const KEYWORDS: Array<[RegExp, keyof typeof PIECES]> = [
  [/宫保/, 'peanut'],
  [/辣|椒|麻婆|毛血旺|宫保/, 'chilli'],
  [/鱼香/, 'garlic'],
  [/虾|龙虾|濑尿/, 'prawn'],
  [/牛|吊龙|匙柄|五花趾/, 'beef'],
  [/鸡(?!蛋)/, 'chicken'],
  [/三文鱼|金枪鱼|(?<![章鱿])鱼/, 'fish'],
  [/鳗/, 'eel'],
  [/羊/, 'lamb'],
  [/培根/, 'bacon'],
  // 多肉 ("fleshy") in a fruit tea's name is no meat.
  [/叉烧|(?<!多)肉|猪|腊|豚/, 'pork'],
  [/蛋(?!糕)/, 'egg'],
  [/芝士|奶酪/, 'cheese'],
  [/蘑菇/, 'mushroom'],
  [/番茄|西红柿|玛格丽特/, 'tomato'],
  [/芒果/, 'mango'],
  [/椰/, 'coconut'],
  [/红豆/, 'bean'],
  [/豆腐|腐竹/, 'tofu'],
  [/鱿鱼|章鱼/, 'squid'],
  [/菠萝|夏威夷/, 'pineapple'],
  [/辣肠/, 'sausage'],
  [/罗勒|青酱/, 'basil'],
  [/泡菜|部队/, 'kimchi'],
  [/生蚝|扇贝|蚝/, 'shell'],
  [/芋/, 'taro'],
  [/珍珠|波波/, 'pearl'],
  [/抹茶|绿茶/, 'matcha'],
  [/寿司|卷|饭团/, 'seaweed'],
  [/西米|甘露/, 'sago'],
  [/云吞|抄手/, 'wonton'],
  [/薯/, 'potato'],
  [/洋葱/, 'onion'],
  [/柠檬/, 'lemon'],
  [/葡萄/, 'fruit'],
  [/百香果|橙/, 'passion'],
  [/燕麦/, 'oat'],
  [/滴漏/, 'drip'],
  [/拿铁/, 'heart'],
  [/藜麦/, 'quinoa'],
  [/牛油果/, 'avocado'],
  [/榴莲/, 'durian'],
  [/酸奶|双皮奶/, 'yogurt'],
  [/巧克力/, 'chocolate'],
  [/蜂蜜/, 'honey'],
  [/甜辣|酱/, 'sauce'],
  [/椒盐|黑椒/, 'pepper'],
  [/芝麻|糍粑|凉皮/, 'sesame'],
  [/玉米/, 'corn'],
  [/菜|蔬|西兰花|四季豆|木耳|黄瓜|毛豆|韭|茄子|沙拉|能量碗/, 'greens'],
  [/葱/, 'scallion'],
];

/** Where toppings go on each kind's drawing: centre and half sizes of an ellipse; none for drinks in a can or bottle. */
const AREAS: Record<string, [cx: number, cy: number, rx: number, ry: number] | undefined> = {
  hotpot: [100, 96, 46, 7],
  dimsum: [100, 100, 48, 6],
  pizza: [100, 104, 38, 36],
  burger: [100, 92, 44, 6],
  fries: [100, 84, 30, 8],
  friedchicken: [100, 94, 36, 8],
  milktea: [100, 130, 22, 22],
  juice: [100, 124, 22, 24],
  coffee: [100, 90, 30, 5],
  dessert: [100, 106, 34, 6],
  icecream: [100, 80, 22, 16],
  cola: undefined,
  beer: undefined,
  water: undefined,
  herbaltea: undefined,
  coconut: undefined,
  // drawn as they are: an egg tart, a takoyaki plate or a dessert shows what it is without pieces on top
  tart: undefined,
  takoyaki: undefined,
  ciba: undefined,
  baba: undefined,
  frostedtaro: undefined,
  tiramisu: undefined,
  stickyrice: undefined,
  pudding: undefined,
  pancake: undefined,
  millecrepe: undefined,
  icedglass: undefined,
  sagocup: undefined,
  parfait: undefined,
};
const BOWLS = new Set([
  'noodles',
  'ramen',
  'pho',
  'soup',
  'congee',
  'rice',
  'curry',
  'bibimbap',
  'poke',
  'salad',
  'sweetsoup',
]);
const areaOf = (kind: string) =>
  kind in AREAS ? AREAS[kind] : BOWLS.has(kind) ? ([100, 97, 50, 8] as const) : ([100, 124, 48, 13] as const);

/** Tints a bowl's broth or a sweet soup by what the name says it is. */
const BROTHS: Array<[RegExp, string]> = [
  [/红烧|红油|麻辣|水煮|冬阴功|酸辣/, '#c0392b'],
  [/番茄|西红柿/, '#e8573f'],
  [/酸菜/, '#d9c27a'],
  [/杨枝甘露|芒果/, '#ffc83d'],
  [/西米|椰|奶|蘑菇/, '#fbf6ea'],
  [/味噌|大酱/, '#c9a66b'],
  [/咖喱/, '#e0a030'],
];

/** Small things beside the dish, top left, so neighbours on a menu differ even when they hold the same. */
const SIDES = [
  '',
  '<g transform="translate(16 18)"><path d="M0 0l40 6M0 8l40 2" stroke="#a1887f" stroke-width="4" stroke-linecap="round"/></g>',
  '<g transform="translate(18 16)"><ellipse cx="14" cy="14" rx="14" ry="9" fill="#ffffff" stroke="#e6e1d9" stroke-width="2"/><ellipse cx="14" cy="13" rx="9" ry="5" fill="#5d4037"/></g>',
  '<g transform="translate(14 14)"><path d="M6 24c0-14 10-22 22-22-2 14-10 22-22 22z" fill="#7cb342"/><path d="M6 24l18-18" stroke="#558b2f" stroke-width="2"/></g>',
  '<g transform="translate(16 14)"><ellipse cx="10" cy="22" rx="8" ry="5" fill="#ffffff" stroke="#e6e1d9" stroke-width="2"/><path d="M10 18V2" stroke="#e6e1d9" stroke-width="4" stroke-linecap="round"/></g>',
  '<g transform="translate(16 16)"><path d="M0 16a14 14 0 0 1 28 0z" fill="#fff176" stroke="#fbc02d" stroke-width="2"/><path d="M14 16V4M14 16l-9-8M14 16l9-8" stroke="#fbc02d" stroke-width="1.5"/></g>',
  '<g transform="translate(14 18)"><path d="M2 10c6-6 18-8 28-2-8 6-20 8-28 2z" fill="#d62828"/><path d="M30 8l6-4" stroke="#2e7d32" stroke-width="3" stroke-linecap="round"/></g>',
];

/** Sweets get a spoon, a leaf or nothing beside them (no chilli or chopsticks next to a pudding). */
// prettier-ignore
const SWEETS = new Set([
  'tart', 'dessert', 'icecream', 'sweetsoup', 'ciba', 'baba', 'frostedtaro', 'tiramisu', 'stickyrice', 'pudding',
  'pancake', 'millecrepe', 'icedglass', 'sagocup', 'parfait',
]);
const SWEET_SIDES = [SIDES[0]!, SIDES[3]!, SIDES[4]!];

/** Drinks get a straw, a coaster or nothing beside them (no chilli or chopsticks next to a cup; issue 15). */
export const DRINK_KINDS = new Set(['milktea', 'coffee', 'juice', 'cola', 'beer', 'herbaltea', 'water', 'coconut']);
const DRINK_SIDES = [
  '',
  // a striped straw
  '<g transform="translate(18 14) rotate(-24 4 20)"><rect x="0" y="0" width="8" height="40" rx="4" fill="#ffffff" stroke="#e6e1d9" stroke-width="1.5"/><path d="M0 8l8-3M0 18l8-3M0 28l8-3M0 38l8-3" stroke="#e57373" stroke-width="3"/></g>',
  // a round coaster
  '<g transform="translate(14 16)"><ellipse cx="18" cy="12" rx="18" ry="10" fill="#d7b899"/><ellipse cx="18" cy="11" rx="13" ry="6.5" fill="none" stroke="#b08d6a" stroke-width="2"/></g>',
];
/** What may be drawn beside a dish of this kind. */
export const sidesFor = (kind: string) =>
  DRINK_KINDS.has(kind) ? DRINK_SIDES : SWEETS.has(kind) ? SWEET_SIDES : SIDES;
/** The chilli and the chopsticks, never beside a drink or a sweet (test/server/seed-pictures). */
export const SAVOURY_ONLY_SIDES = [SIDES[1]!, SIDES[6]!];

/** A pale colour near the kind's own background, turned a little by the dish. */
function tint(kindBackground: string, rand: () => number) {
  const n = parseInt(kindBackground.slice(1), 16);
  const shift = () => Math.round((rand() - 0.5) * 28);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => Math.max(200, Math.min(255, c + shift())));
  return `#${((1 << 24) | (r! << 16) | (g! << 8) | b!).toString(16).slice(1)}`;
}

/** Crockery: the same kind of dish comes in different bowls and plates ([body, rim, well]; the first is the drawing's own). */
const CROCKERY: Array<[body: string, rim: string, well: string]> = [
  ['#ffffff', '#e9e3da', '#f6f3ee'],
  ['#f4f8fd', '#3a6fb0', '#e3edf8'],
  ['#3d3d3d', '#232323', '#555555'],
  ['#e3efe0', '#97bd94', '#f0f6ee'],
  ['#f3d9c4', '#c27b4e', '#f8e8da'],
  ['#fff8e6', '#d4a017', '#fdf0cc'],
];

/** Redraws a bowl's or a plate's porcelain in one of CROCKERY (the drawings use the first one's colours). */
function crockery(art: string, kind: string, pick: number): string {
  const [body, rim, well] = CROCKERY[pick % CROCKERY.length]!;
  if (pick % CROCKERY.length === 0) return art;
  if (BOWLS.has(kind)) {
    return art.replace('fill="#ffffff" stroke="#e9e3da"', `fill="${body}" stroke="${rim}"`).replaceAll('#e9e3da', rim);
  }
  if (art.includes('stroke="#e6e1d9"') && art.includes('#f6f3ee')) {
    return art.replace('fill="#ffffff" stroke="#e6e1d9"', `fill="${body}" stroke="${rim}"`).replace('#f6f3ee', well);
  }
  return art;
}

/** The ingredients a dish's name names, in the order of KEYWORDS, at most three. */
export function ingredientsOf(nameCn: string): string[] {
  const found: string[] = [];
  for (const [pattern, piece] of KEYWORDS) {
    if (found.length === 3) break;
    if (pattern.test(nameCn) && !found.includes(piece)) found.push(piece);
  }
  return found;
}

/** The dish's picture body (200 x 200, background included). */
export function dishArt(nameCn: string, kind: string): string {
  const rand = random(hash(nameCn));
  const background = tint(foodBackground(kind), rand);
  let art = crockery(foodArt(kind), kind, hash(`${nameCn}#crockery`));
  // The cake slice's cream layer in the cake's own colour (a matcha cake is green, not strawberry pink).
  if (kind === 'dessert' && /抹茶/.test(nameCn)) art = art.replace('#f48fb1', '#9ccc65');
  const area = areaOf(kind);
  const broth = BOWLS.has(kind) ? BROTHS.find(([p]) => p.test(nameCn))?.[1] : undefined;
  if (broth) art += `<ellipse cx="100" cy="98" rx="60" ry="11" fill="${broth}" opacity=".55"/>`;
  if (area) {
    const [cx, cy, rx, ry] = area;
    const names = ingredientsOf(nameCn);
    // A dish whose name names nothing drawable still gets its own garnish.
    if (names.length === 0) names.push(['scallion', 'sesame', 'basil', 'pepper'][hash(nameCn) % 4]!);
    const pieces = names.flatMap((name, i) => {
      const count = i === 0 ? 5 : 3;
      return Array.from({ length: count }, () => {
        const angle = rand() * Math.PI * 2;
        const dist = Math.sqrt(rand());
        const x = cx + Math.cos(angle) * rx * dist;
        const y = cy + Math.sin(angle) * ry * dist;
        return at(x, y, rand() * 360 - 180, PIECES[name]!);
      });
    });
    art += pieces.join('');
  }
  const sides = sidesFor(kind);
  const side = sides[hash(`${nameCn}#side`) % sides.length]!;
  return `<rect width="200" height="200" rx="24" fill="${background}"/>${side}${art}`;
}

/** The dish's picture path: its English name in lower case with dashes (unique in the seed, checked by a test). */
export function dishPicturePath(nameEn: string): string {
  const slug = nameEn
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `/img/dish/${slug}.svg`;
}
