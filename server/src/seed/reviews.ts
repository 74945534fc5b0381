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
const COMMENTS: Record<'good' | 'ok' | 'bad', string[]> = {
  good: [
    '味道很正宗，下次还点。',
    'Delicious, and still hot when it arrived.',
    '分量足，性价比高。',
    'Great portions, will order again.',
    '送餐很快，包装也很好。',
    'Exactly like eating in the restaurant.',
    '',
  ],
  ok: [
    '还不错，就是稍微有点咸。',
    'Good food but the delivery took a while.',
    '味道一般，价格偏高。',
    'Fine, nothing special.',
    '',
  ],
  bad: ['送到的时候已经凉了。', 'Missing the sauce I asked for.', '等了一个多小时。'],
};

/** Demo reviews of a restaurant: ratings around its usual quality, a mix of Chinese and English comments. */
export function reviewRows(
  r: RestaurantData,
  dishKinds: string[],
  nextId: () => number,
): Array<Insertable<ReviewsTable> & { id: number }> {
  const rand = random(r.id * 9973);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;
  const rows: Array<Insertable<ReviewsTable> & { id: number }> = [];
  for (let i = 0; i < r.reviews; i++) {
    const food_rating = Math.min(5, Math.max(1, Math.round(r.quality + (rand() - 0.4) * 2.2)));
    const other_rating = Math.min(5, Math.max(1, Math.round(r.quality + (rand() - 0.45) * 2)));
    const bucket = Math.min(4, Math.floor(rand() * rand() * 5 + (food_rating < 3 ? 2 : 0)));
    const mood = food_rating >= 4 ? 'good' : food_rating === 3 ? 'ok' : 'bad';
    const photos = rand() < 0.25 ? [`/img/dish/${pick(dishKinds)}.svg`] : [];
    rows.push({
      id: nextId(),
      restaurant_id: r.id,
      order_id: null,
      user_id: null,
      author_name: pick(AUTHORS),
      food_rating,
      delivery_time: DELIVERY_TIME_BUCKETS[bucket]!,
      other_rating,
      comment: pick(COMMENTS[mood]),
      photos: JSON.stringify(photos),
      // Spread over the weeks before the seed date (never before the restaurant joined).
      created_at: BASE - Math.min(r.joinedDaysAgo, 3 + i * 9) * DAY - Math.floor(rand() * 12) * 3600 * 1000,
    });
  }
  return rows;
}
