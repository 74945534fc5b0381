import type { Insertable } from 'kysely';
import { DELIVERY_TIME_BUCKETS } from '../../../types/catalogue';
import type { ReviewsTable } from '../db/schema';
import type { RestaurantData } from './catalogue-data/restaurants';

export const DAY = 24 * 60 * 60 * 1000;
/** The seed's "today" (10:00 China time, 1 October 2026), as in the articles seed. */
export const BASE = Date.UTC(2026, 9, 1, 2, 0, 0);

/** A small deterministic generator (mulberry32) so reviews are the same on every machine. */
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

const AUTHORS = [
  '小王',
  '陈先生',
  'Lily',
  '张**',
  'Mike C.',
  '阿杰',
  'Anna',
  '林小姐',
  'Tom W.',
  '吃货小李',
  'Grace',
  '黄**',
  'David',
  '周同学',
  'Sophie',
  '老刘',
];
type Mood = 'good' | 'ok' | 'bad';
/**
 * Comments by mood and language; {dish} is a dish of the reviewed restaurant's menu. An English comment starts with the
 * dish's name (a menu name in capitals after "The", and "noodles was", read wrong).
 */
const COMMENTS: Record<Mood, { cn: string[]; en: string[] }> = {
  good: {
    cn: [
      '{dish}味道很正宗，下次还点。',
      '{dish}分量足，性价比高。',
      '点了{dish}，送到还是热的，包装也很好。',
      '{dish}跟在店里吃的一样好吃。',
      '第二次点{dish}了，一如既往地稳定。',
      '{dish}做得很用心，家里人都说好吃。',
      '推荐{dish}，料很足。',
      '{dish}火候刚好，很下饭。',
    ],
    en: [
      '{dish}: delicious, and still hot when it arrived.',
      '{dish}: a great portion, will order again.',
      '{dish} tasted just like eating in the restaurant.',
      '{dish}, ordered a second time: as good as the first.',
      '{dish}: really enjoyed this, well packed too.',
      '{dish}: the best I have had around here.',
      '{dish}: generous, good value for money.',
      '{dish}: fresh, and here earlier than expected.',
    ],
  },
  ok: {
    cn: [
      '{dish}还不错，就是稍微有点咸。',
      '{dish}味道一般，价格偏高。',
      '{dish}可以，但送得有点慢。',
      '{dish}分量比想象中少一点。',
      '{dish}中规中矩，没有惊喜。',
    ],
    en: [
      '{dish}: fine, nothing special.',
      '{dish}: good, but the delivery took a while.',
      '{dish}: a little too salty for me.',
      '{dish}: decent, though the portion was small.',
      '{dish}: OK, a bit pricey.',
    ],
  },
  bad: {
    cn: ['{dish}送到的时候已经凉了。', '等了一个多小时，{dish}都坨了。', '{dish}少放了我要的酱。', '{dish}太油了。'],
    en: [
      '{dish}: cold when it arrived.',
      '{dish}: arrived after more than an hour.',
      '{dish}: came without the sauce I asked for.',
      '{dish}: far too oily.',
    ],
  },
};

/** A dish as a review may name it. */
export interface ReviewDish {
  name_cn: string;
  name_en: string;
  /** The dish's picture: a review's photo shows the dish it speaks of. */
  picture: string;
}

/** Whether an author name reads Chinese (they write in Chinese; the others in English). */
const writesChinese = (author: string) => /[\u4e00-\u9fff*]/.test(author);

/**
 * Demo reviews of a restaurant: ratings around its usual quality; each comment names one of the restaurant's own dishes,
 * in its author's language (Chinese names write Chinese, the others English), and no two comments of the seed are the
 * same (`used`, shared by every restaurant of one seed). A review with a photo shows the dish its comment names.
 */
export function reviewRows(
  r: RestaurantData,
  nextId: () => number,
  dishes: ReviewDish[] = [],
  used: Set<string> = new Set(),
): Array<Insertable<ReviewsTable> & { id: number }> {
  const rand = random(r.id * 9973);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;
  // Comments draw from their own sequence, so ratings, times and photos stay those of earlier seeds.
  const words = random(r.id * 7919 + 1);
  const pickWord = <T>(list: T[]) => list[Math.floor(words() * list.length)]!;
  const rows: Array<Insertable<ReviewsTable> & { id: number }> = [];
  for (let i = 0; i < r.reviews; i++) {
    const food_rating = Math.min(5, Math.max(1, Math.round(r.quality + (rand() - 0.4) * 2.2)));
    const other_rating = Math.min(5, Math.max(1, Math.round(r.quality + (rand() - 0.45) * 2)));
    const bucket = Math.min(4, Math.floor(rand() * rand() * 5 + (food_rating < 3 ? 2 : 0)));
    const mood: Mood = food_rating >= 4 ? 'good' : food_rating === 3 ? 'ok' : 'bad';
    const withPhoto = rand() < 0.25;
    if (withPhoto) rand(); // where the photo's dish was drawn before
    const author_name = pick(AUTHORS);
    const lang = writesChinese(author_name) ? 'cn' : 'en';
    let comment = '';
    let named: ReviewDish | undefined;
    for (let attempt = 0; attempt < 40 && dishes.length > 0; attempt++) {
      const dish = pickWord(dishes);
      named = dish;
      const text = pickWord(COMMENTS[mood][lang]).replace('{dish}', lang === 'cn' ? dish.name_cn : dish.name_en);
      if (!used.has(text)) {
        comment = text;
        break;
      }
    }
    // Every combination taken (a short menu): a rating without words rather than a repeated text.
    if (comment) used.add(comment);
    const photos = withPhoto && named ? [named.picture] : [];
    rand(); // where the comment was drawn before
    rows.push({
      id: nextId(),
      restaurant_id: r.id,
      order_id: null,
      user_id: null,
      author_name,
      food_rating,
      delivery_time: DELIVERY_TIME_BUCKETS[bucket]!,
      other_rating,
      comment,
      photos: JSON.stringify(photos),
      // Spread over the weeks before the seed date (never before the restaurant joined).
      created_at: BASE - Math.min(r.joinedDaysAgo, 3 + i * 9) * DAY - Math.floor(rand() * 12) * 3600 * 1000,
    });
  }
  return rows;
}
