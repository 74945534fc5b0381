/**
 * An order shows the money as it was placed (issue 15 §4-5): orderinfo answers the price lines checkout stored with
 * the order (the fee, the first-order free delivery, the voucher), in the request's language, the same as the quote
 * the customer accepted; an order placed before lines were stored gets them from its amounts.
 */
import type { PriceLine, Quote } from '../../types/api/checkout';
import { ErrorCode } from '../../types/errors';
import { registerUser } from './support/accounts';
import { DIALECTS, useTestApp } from './support/app';
import { attemptKey, defaultAddressOf, dishOf } from './support/cart';
import { chinaTime } from './support/clock';

/** Restaurant 2 of the seed: delivery and collection, every payment method, open at the test clock. */
const RID = 2;

describe.each(DIALECTS)('order price lines on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api, clock } = t;
  beforeEach(() => clock.set(chinaTime(2026, 10, 1, 12)));

  const quoteOf = async (token: string, body: Record<string, unknown>, lang: string): Promise<Quote> => {
    const res = await api.post('confirmorder', body, { token, lang });
    expect(res.body.code).toBe(ErrorCode.Ok);
    return res.body.data as Quote;
  };
  const info = async (token: string, id: number, lang: string) => {
    const res = await api.get(`orderinfo?id=${id}`, { token, lang });
    expect(res.body.code).toBe(ErrorCode.Ok);
    return res.body.data as { price_lines: PriceLine[]; delivery_fee_fen: number; total_fen: number; mode: string };
  };
  /** A new customer with enough of one dish in the cart for the minimum order. */
  async function customerWithCart() {
    const me = await registerUser(api, t.place);
    const dish = await dishOf(t.db, RID);
    const terms = await t.db.kysely
      .selectFrom('restaurants')
      .selectAll()
      .where('id', '=', RID)
      .executeTakeFirstOrThrow();
    const quantity = Math.ceil(Number(terms.min_order_fen) / dish.price) + 1;
    await api.post('addcart', { restaurant_id: RID, dish_id: dish.id, quantity }, { token: me.token });
    return me;
  }

  it('a first delivery order with a voucher: the fee, the free-delivery promotion and the voucher, as quoted', async () => {
    const me = await customerWithCart();
    const addressId = await defaultAddressOf(api, me.token);
    const body = { restaurant_id: RID, mode: 'delivery', address_id: addressId, payment_method: 'cod' };
    const probe = await quoteOf(me.token, body, 'en');
    const voucherId = probe.best_voucher_id;
    const withVoucher = voucherId === null ? body : { ...body, voucher_id: voucherId };
    const quotes = { en: await quoteOf(me.token, withVoucher, 'en'), zh: await quoteOf(me.token, withVoucher, 'zh') };
    expect(quotes.en.price_lines.map((l) => l.kind)).toEqual(
      voucherId === null ? ['delivery_fee', 'promotion'] : ['delivery_fee', 'promotion', 'voucher'],
    );
    const placed = await api.post(
      'submitorder',
      { idempotency_key: attemptKey(), ...withVoucher, expected_total_fen: quotes.en.total_fen },
      { token: me.token, lang: 'en' },
    );
    expect(placed.body.code).toBe(ErrorCode.Ok);
    const id = placed.body.data.order_id as number;
    for (const lang of ['en', 'zh'] as const) {
      const order = await info(me.token, id, lang);
      expect(order.price_lines).toEqual(quotes[lang].price_lines);
      expect(order.delivery_fee_fen).toBe(0);
    }
  });

  it('an order placed before price lines were stored: its fee and discount as lines', async () => {
    const me = await customerWithCart();
    const addressId = await defaultAddressOf(api, me.token);
    const body = { restaurant_id: RID, mode: 'delivery', address_id: addressId, payment_method: 'cod' };
    const quote = await quoteOf(me.token, body, 'en');
    const placed = await api.post(
      'submitorder',
      { idempotency_key: attemptKey(), ...body, expected_total_fen: quote.total_fen },
      { token: me.token, lang: 'en' },
    );
    const id = placed.body.data.order_id as number;
    await t.db.kysely
      .updateTable('orders')
      .set({ price_lines: '[]', delivery_fee_fen: 500, discount_fen: 300 })
      .where('id', '=', id)
      .execute();
    expect((await info(me.token, id, 'zh')).price_lines).toEqual<PriceLine[]>([
      { kind: 'delivery_fee', name: '配送费', amount_fen: 500, promotion_id: null, voucher_id: null },
      { kind: 'voucher', name: '优惠券', amount_fen: -300, promotion_id: null, voucher_id: null },
    ]);
  });
});
