/**
 * Alipay inside WeChat (issue 17): its pages do not open in the mini program or in WeChat's browser, so the quote
 * leaves it out for those clients (the session's platform, the request's User-Agent), says why beside the other
 * methods, and submit refuses it with that reason in the customer's language, also under 50 parallel attempts. A
 * desktop or phone browser outside WeChat is offered Alipay as before.
 */
import type { Problem, Quote } from '../../types/api/checkout';
import { ErrorCode } from '../../types/errors';
import { registerUser, type Registered } from './support/accounts';
import { DIALECTS, useTestApp } from './support/app';
import { attemptKey, dishOf } from './support/cart';

/** Restaurant 2 of the seed: delivery and collection, every payment method, open at the test clock. */
const RID = 2;
const N = 50;
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800322d) NetType/WIFI Language/zh_CN';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

describe.each(DIALECTS)('Alipay inside WeChat on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api } = t;

  /** A new customer with a collection cart at RID; `weapp` makes the session a mini program one. */
  async function customer(weapp = false) {
    const me = await registerUser(api, t.place);
    if (weapp) {
      await t.db.kysely.updateTable('sessions').set({ platform: 'weapp' }).where('user_id', '=', me.id).execute();
    }
    const dish = await dishOf(t.db, RID);
    await api.post('addcart', { restaurant_id: RID, dish_id: dish.id, quantity: 2 }, { token: me.token });
    const probe = await quoteOf(me, { restaurant_id: RID, mode: 'collection' }, DESKTOP_UA);
    return { me, body: { restaurant_id: RID, mode: 'collection', collection_time: probe.collection_times[0] } };
  }
  async function quoteOf(me: Registered, body: object, ua: string, lang = 'en'): Promise<Quote> {
    const res = await api.post('confirmorder', body, { token: me.token, lang, headers: { 'user-agent': ua } });
    expect(res.body.code).toBe(ErrorCode.Ok);
    return res.body.data as Quote;
  }
  const submit = (me: Registered, body: object, ua: string, lang = 'en', key = attemptKey()) =>
    api.post(
      'submitorder',
      { idempotency_key: key, ...body },
      { token: me.token, lang, headers: { 'user-agent': ua } },
    );
  /** The codes of the problems a refused submit (1001) carries in its data. */
  const refusedCodes = (res: { body: { data: unknown } }) =>
    (res.body.data as { problems: Problem[] }).problems.map((p) => p.code);
  const ordersOf = (userId: number) =>
    t.db.kysely.selectFrom('orders').select('id').where('user_id', '=', userId).execute();

  test('a browser outside WeChat is offered Alipay; WeChat and the mini program are not, and are told why', async () => {
    const { me, body } = await customer();
    for (const ua of [DESKTOP_UA, PHONE_UA]) {
      const q = await quoteOf(me, body, ua);
      expect(q.payment_methods).toEqual(['wechat', 'alipay', 'cod', 'balance']);
      expect(q.problems).toEqual([]);
    }
    for (const [lang, words] of [
      ['en', 'Alipay does not open inside WeChat: choose another way to pay'],
      ['zh', '微信内无法使用支付宝，请选择其他支付方式'],
    ] as const) {
      const q = await quoteOf(me, { ...body, payment_method: 'wechat' }, WECHAT_UA, lang);
      expect(q.payment_methods).toEqual(['wechat', 'cod', 'balance']);
      // Said beside the methods, not in the way: the order can go with WeChat Pay.
      expect(q.problems).toEqual([{ code: 'alipay_in_wechat', message: words, blocking: false }]);
      expect(q.can_submit).toBe(true);
    }
    const mini = await customer(true);
    for (const ua of [DESKTOP_UA, '']) {
      const q = await quoteOf(mini.me, mini.body, ua);
      expect(q.payment_methods).toEqual(['wechat', 'cod', 'balance']);
      expect(q.problems.map((p) => p.code)).toEqual(['alipay_in_wechat']);
    }
  });

  test('Alipay chosen inside WeChat: the quote blocks it and submit refuses it in the customer’s language', async () => {
    const { me, body } = await customer();
    const q = await quoteOf(me, { ...body, payment_method: 'alipay' }, WECHAT_UA);
    expect(q.problems).toEqual([expect.objectContaining({ code: 'alipay_in_wechat', blocking: true })]);
    expect(q.can_submit).toBe(false);
    const total = (await quoteOf(me, { ...body, payment_method: 'alipay' }, DESKTOP_UA)).total_fen;
    const order = { ...body, payment_method: 'alipay', expected_total_fen: total };
    const zh = await submit(me, order, WECHAT_UA, 'zh');
    expect(zh.body).toMatchObject({
      code: ErrorCode.Failed,
      msg: '订单不能提交：微信内无法使用支付宝，请选择其他支付方式',
      data: { problems: [expect.objectContaining({ code: 'alipay_in_wechat', blocking: true })] },
    });
    const en = await submit(me, order, WECHAT_UA, 'en');
    expect(en.body).toMatchObject({
      code: ErrorCode.Failed,
      msg: 'The order cannot be placed: Alipay does not open inside WeChat: choose another way to pay',
    });
    const mini = await customer(true);
    const fromMini = await submit(mini.me, { ...mini.body, payment_method: 'alipay', expected_total_fen: total }, '');
    expect(fromMini.body.code).toBe(ErrorCode.Failed);
    expect(refusedCodes(fromMini)).toEqual(['alipay_in_wechat']);
    expect(await ordersOf(me.id)).toEqual([]);
    expect(await ordersOf(mini.me.id)).toEqual([]);
    // The same order from a phone browser outside WeChat goes through (Alipay wap pay there).
    const phone = await submit(me, order, PHONE_UA);
    expect(phone.body).toMatchObject({ code: ErrorCode.Ok, data: { needs_payment: true } });
    expect(await ordersOf(me.id)).toHaveLength(1);
  });

  test(`${N} parallel Alipay submits from WeChat: all refused, no order, the cart kept; then WeChat Pay places one`, async () => {
    const { me, body } = await customer();
    const total = (await quoteOf(me, { ...body, payment_method: 'wechat' }, WECHAT_UA)).total_fen;
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        submit(me, { ...body, payment_method: 'alipay', expected_total_fen: total }, WECHAT_UA, i % 2 ? 'en' : 'zh'),
      ),
    );
    expect(answers.map((a) => a.body.code)).toEqual(Array(N).fill(ErrorCode.Failed));
    for (const a of answers) expect(refusedCodes(a)).toEqual(['alipay_in_wechat']);
    expect(await ordersOf(me.id)).toEqual([]);
    const cart = await t.db.kysely.selectFrom('cart_lines').select('id').where('user_id', '=', me.id).execute();
    expect(cart).toHaveLength(1);
    const placed = await submit(me, { ...body, payment_method: 'wechat', expected_total_fen: total }, WECHAT_UA);
    expect(placed.body.code).toBe(ErrorCode.Ok);
    expect(await ordersOf(me.id)).toHaveLength(1);
  });
});
