/**
 * The checkout quote as a pure function (modules/checkout/quote.ts) over random restaurants, carts, addresses,
 * vouchers, balances and requests (fast-check), without a database: its money adds up, every problem is listed
 * exactly when its rule is broken, and `can_submit` is true only when nothing stops the order.
 */
import fc from 'fast-check';
import type { ConfirmOrderBody, ProblemCode } from '../../types/api/checkout';
import { PAYMENT_METHODS } from '../../types/catalogue';
import type { EvaluatedLine, LineProblem } from '../../server/src/modules/cart/lines';
import { PAY_CHANNELS } from '../../server/src/integrations/payments/types';
import { totalsOf, type PromotionRule } from '../../server/src/modules/checkout/money';
import { quote, type QuoteInput } from '../../server/src/modules/checkout/quote';
import { distanceM } from '../../server/src/modules/places/distance';
import { collectionSlots, openState, type HoursWindow } from '../../server/src/modules/stores/hours';
import type { RestaurantTerms } from '../../server/src/modules/stores/terms';
import type { VoucherRow } from '../../server/src/modules/wallet/rows';
import { voucherUsable } from '../../server/src/modules/wallet/vouchers';

const RID = 7;
const AT = Date.UTC(2026, 9, 1, 4);
const LAT = 22.54;
const LNG = 114.05;
const fen = (max: number) => fc.integer({ min: 0, max });

const hoursArb: fc.Arbitrary<HoursWindow[]> = fc.array(
  fc
    .record({
      weekday: fc.integer({ min: 0, max: 6 }),
      open: fc.integer({ min: 0, max: 1439 }),
      len: fc.integer({ min: 1, max: 900 }),
    })
    .map(({ weekday, open, len }) => ({ weekday, open_min: open, close_min: open + len })),
  { maxLength: 8 },
);

const termsArb: fc.Arbitrary<RestaurantTerms> = fc
  .record({
    delivery: fc.boolean(),
    collection: fc.boolean(),
    methods: fc.subarray([...PAYMENT_METHODS]),
    fee: fen(2_000),
    min: fen(10_000),
    radius: fc.integer({ min: 500, max: 8_000 }),
    prep: fc.integer({ min: 0, max: 90 }),
    hours: hoursArb,
    closed: fc.boolean(),
    resume: fc.option(fc.integer({ min: AT - 3_600_000, max: AT + 86_400_000 })),
  })
  .map((r) => ({
    id: RID,
    city_id: 1,
    area_id: 1,
    name_cn: '店',
    name_en: 'Shop',
    lat: LAT,
    lng: LNG,
    delivery_radius_m: r.radius,
    min_order_fen: r.min,
    delivery_fee_fen: r.fee,
    prep_minutes: r.prep,
    modes: [...(r.delivery ? (['delivery'] as const) : []), ...(r.collection ? (['collection'] as const) : [])],
    payment_methods: r.methods,
    hours: r.hours,
    closure: { closed: r.closed ? 1 : 0, resume_at: r.resume },
    busy_until: null,
  }));

/** A priced cart line: orderable (maybe at a changed price) or stopped by a problem. */
const lineArb = (cartId: number): fc.Arbitrary<EvaluatedLine> =>
  fc
    .record({
      problem: fc.constantFrom<LineProblem | undefined>(
        undefined,
        'price_changed',
        'gone',
        'sold_out',
        'option_sold_out',
      ),
      unit: fen(20_000),
      seen: fen(20_000),
      quantity: fc.integer({ min: 1, max: 99 }),
      dish: fc.integer({ min: 1, max: 50 }),
      named: fc.boolean(),
    })
    .map(({ problem, unit, seen, quantity, dish, named }) => {
      const orderable = problem === undefined || problem === 'price_changed';
      const price = orderable ? unit : seen;
      return {
        out: {
          cart_id: cartId,
          dish_id: dish,
          name: named ? `Dish ${dish}` : '',
          picture: '',
          quantity,
          option_ids: [],
          option_names: [],
          unit_price_fen: price,
          line_total_fen: price * quantity,
          sold_out: !orderable,
        },
        ...(problem ? { problem } : {}),
        orderable,
        seenUnitPriceFen: problem === 'price_changed' ? seen : price,
        ...(orderable
          ? { snapshot: { name_cn: '菜', name_en: 'Dish', options_cn: [], options_en: [], option_ids: [] } }
          : {}),
      };
    });

const linesArb = fc
  .integer({ min: 0, max: 5 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => lineArb(i + 1))));

const voucherArb = (id: number): fc.Arbitrary<VoucherRow> =>
  fc
    .record({
      discount: fen(20_000),
      minGoods: fen(20_000),
      restaurant: fc.constantFrom(null, RID, RID + 1),
      used: fc.boolean(),
      expired: fc.boolean(),
    })
    .map((v) => ({
      id,
      user_id: 1,
      code: `v${id}`,
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
    }));

/** Promotions that change prices (what the catalogue hands the quote): first order free delivery, spend X save Y. */
const promotionsArb: fc.Arbitrary<PromotionRule[]> = fc
  .array(
    fc.record({
      kind: fc.constantFrom('first_order_free_delivery' as const, 'spend_save' as const),
      min: fen(20_000),
      save: fen(5_000),
      sort: fc.integer({ min: 0, max: 3 }),
    }),
    { maxLength: 4 },
  )
  .map((list) =>
    list.map((p, i) => ({
      id: i + 1,
      kind: p.kind,
      title_cn: `促销${i + 1}`,
      title_en: `Promotion ${i + 1}`,
      min_goods_fen: p.kind === 'spend_save' ? p.min : 0,
      save_fen: p.kind === 'spend_save' ? p.save : 0,
      sort: p.sort,
    })),
  );

/** The spend-save promotion an order of these goods takes: the biggest saving reached, then the first by sort, id. */
const bestSpend = (promotions: PromotionRule[], goods: number) =>
  [...promotions]
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .filter((p) => p.kind === 'spend_save' && p.save_fen > 0 && goods >= p.min_goods_fen)
    .reduce<PromotionRule | undefined>((best, p) => (!best || p.save_fen > best.save_fen ? p : best), undefined);

const inputArb: fc.Arbitrary<QuoteInput> = fc
  .record({
    restaurant: termsArb,
    lines: linesArb,
    mode: fc.constantFrom('delivery' as const, 'collection' as const),
    // Metres north of the restaurant (about 111 km per degree).
    addressAt: fc.option(fc.integer({ min: 0, max: 10_000 })),
    at: fc.integer({ min: AT, max: AT + 7 * 86_400_000 }),
    timePick: fc.option(fc.nat()),
    vouchers: fc
      .array(fc.integer({ min: 1, max: 20 }), { maxLength: 3 })
      .chain((ids) => fc.tuple(...[...new Set(ids)].map(voucherArb))),
    chosen: fc.option(voucherArb(99)),
    method: fc.option(fc.constantFrom(...PAYMENT_METHODS)),
    wallet: fen(50_000),
    // Often a balance right around the total (equal, a fen short, a fen over).
    walletNearTotal: fc.option(fc.integer({ min: -1, max: 1 })),
    lang: fc.constantFrom('cn' as const, 'en' as const),
    promotions: promotionsArb,
    firstOrder: fc.boolean(),
    channel: fc.constantFrom(...PAY_CHANNELS),
  })
  .map((r) => {
    const delivery = r.mode === 'delivery';
    const slots = collectionSlots(r.at, r.restaurant.hours, r.restaurant.closure, r.restaurant.prep_minutes);
    const collectionTime =
      delivery || r.timePick === null
        ? undefined
        : slots.length && r.timePick % 3
          ? slots[r.timePick % slots.length]
          : r.at + r.timePick;
    const address =
      delivery && r.addressAt !== null
        ? {
            id: 5,
            snapshot: {
              name: 'A',
              phone: '13800000000',
              cn: '深圳',
              en: 'Shenzhen',
              lat: LAT + r.addressAt / 111_000,
              lng: LNG,
            },
          }
        : null;
    const request: ConfirmOrderBody = {
      restaurant_id: RID,
      mode: r.mode,
      ...(address ? { address_id: address.id } : {}),
      ...(collectionTime !== undefined ? { collection_time: collectionTime } : {}),
      ...(r.chosen ? { voucher_id: r.chosen.id } : {}),
      ...(r.method ? { payment_method: r.method } : {}),
    };
    const goods = r.lines.filter((l) => l.orderable).reduce((n, l) => n + l.out.line_total_fen, 0);
    const free = r.firstOrder && r.promotions.some((p) => p.kind === 'first_order_free_delivery');
    const fee = delivery && !free ? r.restaurant.delivery_fee_fen : 0;
    const spend = Math.min(bestSpend(r.promotions, goods)?.save_fen ?? 0, goods);
    const discount =
      spend +
      (r.chosen && voucherUsable(r.chosen, RID, goods, r.at) ? Math.min(r.chosen.discount_fen, goods - spend) : 0);
    const wallet = r.walletNearTotal === null ? r.wallet : Math.max(0, goods + fee - discount + r.walletNearTotal);
    return {
      request,
      lang: r.lang,
      at: r.at,
      restaurant: r.restaurant,
      lines: r.lines,
      address,
      vouchers: r.vouchers,
      voucher: r.chosen,
      walletBalanceFen: wallet,
      promotions: r.promotions,
      firstOrder: r.firstOrder,
      book: address ? [{ id: address.id, lat: address.snapshot.lat, lng: address.snapshot.lng }] : [],
      channel: r.channel,
    };
  });

const codes = (q: ReturnType<typeof quote>['quote']) => q.problems.filter((p) => !p.cart_id).map((p) => p.code);

describe('checkout quote (pure, property tests)', () => {
  test('the money adds up from the orderable lines and the price lines', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { quote: q, priceLines, orderable } = quote(input);
        const goods = input.lines.filter((l) => l.orderable).reduce((n, l) => n + l.out.line_total_fen, 0);
        const delivery = input.request.mode === 'delivery';
        expect(q.goods_fen).toBe(goods);
        expect(orderable).toEqual(input.lines.filter((l) => l.orderable));
        const fee = input.restaurant.delivery_fee_fen;
        const freeRule = [...input.promotions]
          .sort((a, b) => a.sort - b.sort || a.id - b.id)
          .find((p) => p.kind === 'first_order_free_delivery');
        const waived = delivery && input.firstOrder && freeRule !== undefined && fee > 0;
        expect(q.delivery_fee_fen).toBe(delivery && !waived ? fee : 0);
        expect(q).toMatchObject(totalsOf(goods, priceLines));
        expect(q.total_fen).toBe(q.goods_fen + q.delivery_fee_fen - q.discount_fen);
        expect(q.total_fen).toBeGreaterThanOrEqual(0);
        expect(q.discount_fen).toBeGreaterThanOrEqual(0);
        expect(q.discount_fen).toBeLessThanOrEqual(q.goods_fen);
        const applies = input.voucher !== null && voucherUsable(input.voucher, RID, goods, input.at);
        expect(q.voucher_id).toBe(applies ? input.voucher!.id : null);
        const spendRule = bestSpend(input.promotions, goods);
        const spend = Math.min(spendRule?.save_fen ?? 0, goods);
        expect(q.discount_fen).toBe(spend + (applies ? Math.min(input.voucher!.discount_fen, goods - spend) : 0));
        // Each promotion that applies is a line of its own, named by its title; the lines add up to the totals.
        const promotionLines = q.price_lines.filter((l) => l.kind === 'promotion');
        expect(promotionLines).toEqual([
          ...(waived
            ? [
                {
                  kind: 'promotion',
                  name: input.lang === 'en' ? freeRule.title_en : freeRule.title_cn,
                  amount_fen: -fee,
                  promotion_id: freeRule.id,
                  voucher_id: null,
                },
              ]
            : []),
          ...(spendRule && spend > 0
            ? [
                {
                  kind: 'promotion',
                  name: input.lang === 'en' ? spendRule.title_en : spendRule.title_cn,
                  amount_fen: -spend,
                  promotion_id: spendRule.id,
                  voucher_id: null,
                },
              ]
            : []),
        ]);
        expect(q.goods_fen + q.price_lines.reduce((n, l) => n + l.amount_fen, 0)).toBe(q.total_fen);
        expect(quote({ ...input, request: { ...input.request } }).firstOrder).toBe(waived);
        // Promotions never make an order dearer.
        expect(q.total_fen).toBeLessThanOrEqual(quote({ ...input, promotions: [] }).quote.total_fen);
        // The best voucher takes most off this order.
        const usable = input.vouchers.filter((v) => voucherUsable(v, RID, goods, input.at));
        const off = (id: number | null) => {
          const v = usable.find((u) => u.id === id);
          return v ? Math.min(v.discount_fen, goods - spend) : 0;
        };
        expect(q.best_voucher_id === null).toBe(usable.length === 0);
        for (const v of usable) expect(off(q.best_voucher_id)).toBeGreaterThanOrEqual(off(v.id));
        expect(q.vouchers.map((v) => v.id)).toEqual(
          input.vouchers.filter((v) => voucherUsable(v, RID, goods, input.at)).map((v) => v.id),
        );
        expect(q.lines).toEqual(input.lines.map((l) => l.out));
        expect(q.wallet_balance_fen).toBe(input.walletBalanceFen);
        // The restaurant's ways to pay, less Alipay inside WeChat (the mini program and WeChat's browser).
        const inWechat = input.channel === 'weapp' || input.channel === 'wechat-browser';
        expect(q.payment_methods).toEqual(
          input.restaurant.payment_methods.filter((m) => !(inWechat && m === 'alipay')),
        );
        // Each address of the book is marked in range exactly when no out_of_range problem would name it.
        for (const reach of q.address_reach) {
          expect(reach.in_range).toBe(!q.problems.some((p) => p.code === 'out_of_range'));
        }
      }),
      { numRuns: 300 },
    );
  });

  test('each problem is listed exactly when its rule is broken, and can_submit only when nothing blocks', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { quote: q } = quote(input);
        const { request: body, restaurant: r, at } = input;
        const delivery = body.mode === 'delivery';
        const expected: ProblemCode[] = [];
        if (input.lines.length === 0) expected.push('empty_cart');
        if (!r.modes.includes(body.mode)) expected.push('mode_unavailable');
        const slots = delivery ? [] : collectionSlots(at, r.hours, r.closure, r.prep_minutes);
        let placeReady: boolean;
        if (delivery) {
          if (!openState(at, r.hours, r.closure).is_open) expected.push('closed');
          const distance =
            input.address && distanceM(input.address.snapshot.lat, input.address.snapshot.lng, r.lat, r.lng);
          if (distance !== null && distance > r.delivery_radius_m) expected.push('out_of_range');
          placeReady = distance !== null && distance <= r.delivery_radius_m;
          if (input.lines.length > 0 && q.goods_fen < r.min_order_fen) expected.push('below_minimum');
        } else {
          if (slots.length === 0) expected.push('closed');
          const time = body.collection_time;
          if (time !== undefined && !slots.includes(time)) expected.push('collection_time_unavailable');
          placeReady = time !== undefined && slots.includes(time);
        }
        if (input.voucher && q.voucher_id === null) expected.push('voucher_not_applicable');
        const alipayHere = r.payment_methods.includes('alipay') && ['weapp', 'wechat-browser'].includes(input.channel);
        if (alipayHere) expected.push('alipay_in_wechat');
        if (alipayHere && body.payment_method === 'alipay') {
          expect(q.problems.find((p) => p.code === 'alipay_in_wechat')?.blocking).toBe(true);
        } else if (body.payment_method !== undefined) {
          if (!r.payment_methods.includes(body.payment_method)) expected.push('payment_method_unavailable');
          else if (body.payment_method === 'balance' && input.walletBalanceFen < q.total_fen) {
            expected.push('insufficient_balance');
          }
        }
        expect(codes(q)).toEqual(expected);
        expect(q.collection_times).toEqual(slots);

        // Line problems: one per line that has one, naming the line; only a price change lets the order go on.
        const lineProblems = q.problems.filter((p) => p.cart_id !== undefined);
        expect(lineProblems.map((p) => [p.cart_id, p.code, p.blocking])).toEqual(
          input.lines.filter((l) => l.problem).map((l) => [l.out.cart_id, l.problem, l.problem !== 'price_changed']),
        );
        for (const p of q.problems) expect(p.message.length).toBeGreaterThan(0);

        const blocked = q.problems.some((p) => p.blocking);
        expect(q.can_submit).toBe(
          input.lines.length > 0 && !blocked && placeReady && body.payment_method !== undefined,
        );
        if (q.can_submit) {
          expect(q.goods_fen).toBeGreaterThanOrEqual(0);
          expect(q.payment_methods).toContain(body.payment_method);
          if (body.payment_method === 'balance') expect(input.walletBalanceFen).toBeGreaterThanOrEqual(q.total_fen);
          if (delivery) expect(q.goods_fen).toBeGreaterThanOrEqual(r.min_order_fen);
        }
      }),
      { numRuns: 300 },
    );
  });

  test('the same input gives the same quote', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        expect(quote(input)).toEqual(quote(structuredClone(input)));
      }),
      { numRuns: 50 },
    );
  });
});
