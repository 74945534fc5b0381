/**
 * The price maths as properties over random menus, carts, fees and vouchers (fast-check): the functions the
 * checkout quote runs (cart/lines.ts evaluateLine with the shared choice rules and goodsOf, checkout/money.ts
 * quoteTotals, wallet/vouchers.ts voucherUsable), composed as modules/checkout/quote.ts composes them.
 * total = goods + fee - discount, never negative; the discount is never more than the goods; all integer fen.
 */
import fc from 'fast-check';
import { evaluateLine, goodsOf } from '../../server/src/modules/cart/lines';
import type { CartLineRow, DishData } from '../../server/src/modules/cart/rows';
import { quoteTotals } from '../../server/src/modules/checkout/money';
import type { VoucherRow } from '../../server/src/modules/wallet/rows';
import { voucherUsable } from '../../server/src/modules/wallet/vouchers';

const RID = 7;
const AT = Date.UTC(2026, 9, 1, 4);
const fen = (max: number) => fc.integer({ min: 0, max });

/** A menu of 1-4 dishes with 0-3 option groups each; options may cost less than nothing ("small: -¥3"). */
const menuArb = fc
  .array(
    fc.record({
      price: fen(20_000),
      soldOut: fc.boolean(),
      groups: fc.array(
        fc.record({
          compulsory: fc.boolean(),
          min: fc.integer({ min: 0, max: 2 }),
          max: fc.integer({ min: 1, max: 3 }),
          options: fc.array(fc.record({ delta: fc.integer({ min: -5_000, max: 5_000 }), soldOut: fc.boolean() }), {
            minLength: 1,
            maxLength: 4,
          }),
        }),
        { maxLength: 3 },
      ),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((dishes) => {
    const data: DishData = { items: [], groups: [], options: [] } as unknown as DishData;
    let groupId = 100;
    let optionId = 1000;
    dishes.forEach((d, i) => {
      const itemId = i + 1;
      data.items.push({
        id: itemId,
        restaurant_id: RID,
        name_cn: `菜${itemId}`,
        name_en: `Dish ${itemId}`,
        picture: '',
        price_fen: d.price,
        sold_out: d.soldOut ? 1 : 0,
      } as DishData['items'][number]);
      d.groups.forEach((g, sort) => {
        const gid = ++groupId;
        data.groups.push({
          id: gid,
          item_id: itemId,
          name_cn: `组${gid}`,
          name_en: `Group ${gid}`,
          compulsory: g.compulsory ? 1 : 0,
          min_select: g.min,
          max_select: g.max,
          sort,
        } as DishData['groups'][number]);
        g.options.forEach((o, osort) => {
          const oid = ++optionId;
          data.options.push({
            id: oid,
            group_id: gid,
            name_cn: `选${oid}`,
            name_en: `Option ${oid}`,
            price_delta_fen: o.delta,
            sold_out: o.soldOut ? 1 : 0,
            sort: osort,
          } as DishData['options'][number]);
        });
      });
    });
    return data;
  });

/** A menu and a cart of 0-6 lines over it (some for dishes or options that are gone, at a price seen earlier). */
const cartArb = menuArb.chain((data) => {
  const itemIds = [...data.items.map((i) => i.id), 99];
  const line = fc
    .record({
      item: fc.constantFrom(...itemIds),
      optionPicks: fc.array(fc.nat(), { maxLength: 4 }),
      extraOption: fc.boolean(),
      quantity: fc.integer({ min: 1, max: 99 }),
      seen: fen(20_000),
    })
    .map(({ item, optionPicks, extraOption, quantity, seen }) => {
      const own = data.options.filter((o) => data.groups.some((g) => g.id === o.group_id && g.item_id === item));
      const ids = own.length ? optionPicks.map((p) => own[p % own.length]!.id) : [];
      if (extraOption) ids.push(9999);
      const key = [...new Set(ids)].sort((a, b) => a - b).join(',');
      return { item, key, quantity, seen };
    });
  return fc.record({ data: fc.constant(data), lines: fc.array(line, { maxLength: 6 }) });
});

const voucherArb = fc.option(
  fc.record({
    discount: fc.integer({ min: 0, max: 20_000 }),
    minGoods: fen(20_000),
    restaurant: fc.constantFrom(null, RID, RID + 1),
    used: fc.boolean(),
    expired: fc.boolean(),
  }),
  { freq: 3 },
);

describe('price maths (property tests)', () => {
  test('quoteTotals: total = goods + fee - discount, never negative, discount between 0 and the goods', () => {
    fc.assert(
      fc.property(
        fen(10_000_000),
        fen(100_000),
        fc.option(fc.integer({ min: -100_000, max: 10_000_000 })),
        (g, f, v) => {
          const t = quoteTotals(g, f, v);
          expect(t.total_fen).toBe(t.goods_fen + t.delivery_fee_fen - t.discount_fen);
          expect(t.total_fen).toBeGreaterThanOrEqual(0);
          expect(t.discount_fen).toBeGreaterThanOrEqual(0);
          expect(t.discount_fen).toBeLessThanOrEqual(t.goods_fen);
          expect(t.goods_fen).toBe(g);
          expect(t.delivery_fee_fen).toBe(f);
          if (v !== null && v >= 0 && v <= g) expect(t.discount_fen).toBe(v);
          if (v === null) expect(t.total_fen).toBe(g + f);
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('a quote over random menus, carts, fees and vouchers keeps the rules', () => {
    fc.assert(
      fc.property(
        cartArb,
        fen(5_000),
        voucherArb,
        fc.constantFrom('cn', 'en') as fc.Arbitrary<'cn' | 'en'>,
        (cart, fee, v, lang) => {
          const rows: CartLineRow[] = cart.lines.map((l, i) => ({
            id: i + 1,
            user_id: 1,
            restaurant_id: RID,
            item_id: l.item,
            option_key: l.key,
            quantity: l.quantity,
            unit_price_fen: l.seen,
            created_at: AT,
            updated_at: AT,
          }));
          // As checkout/quote.ts prices a cart:
          const evaluated = rows.map((r) => evaluateLine(r, cart.data, RID, lang));
          const goods = goodsOf(evaluated);
          const voucher: VoucherRow | null = v && {
            id: 1,
            user_id: 1,
            code: 'x',
            name_cn: '券',
            name_en: 'Voucher',
            discount_fen: v.discount,
            min_goods_fen: v.minGoods,
            restaurant_id: v.restaurant,
            valid_from: AT - 1000,
            valid_until: v.expired ? AT : AT + 1000,
            used_at: v.used ? AT - 1 : null,
            order_id: null,
            created_at: AT - 1000,
          };
          const applies = voucher !== null && voucherUsable(voucher, RID, goods, AT);
          const t = quoteTotals(goods, fee, applies ? Number(voucher.discount_fen) : null);

          for (const e of evaluated) {
            expect(Number.isSafeInteger(e.out.line_total_fen)).toBe(true);
            if (!e.orderable) continue;
            expect(e.out.unit_price_fen).toBeGreaterThanOrEqual(0);
            expect(e.out.line_total_fen).toBe(e.out.unit_price_fen * e.out.quantity);
          }
          expect(goods).toBe(evaluated.filter((e) => e.orderable).reduce((n, e) => n + e.out.line_total_fen, 0));
          expect(t.goods_fen).toBe(goods);
          expect(t.total_fen).toBe(t.goods_fen + t.delivery_fee_fen - t.discount_fen);
          expect(t.total_fen).toBeGreaterThanOrEqual(0);
          expect(t.discount_fen).toBeGreaterThanOrEqual(0);
          expect(t.discount_fen).toBeLessThanOrEqual(t.goods_fen);
          expect(Number.isSafeInteger(t.total_fen)).toBe(true);
          if (!applies) expect(t.discount_fen).toBe(0);
          // A voucher applies only to a valid, unused voucher of this restaurant (or all) and enough goods.
          if (applies) {
            expect(v!.used || v!.expired || v!.restaurant === RID + 1).toBe(false);
            expect(goods).toBeGreaterThanOrEqual(v!.minGoods);
            expect(t.discount_fen).toBe(Math.min(v!.discount, goods));
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
