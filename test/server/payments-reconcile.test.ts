/**
 * `npm run payments -- reconcile <date>` on SQLite and PostgreSQL with both stand-ins serving their bills (WeChat Pay's
 * trade bill with its SHA1, amounts in yuan; Alipay's zip of GBK CSV files): a day where everything agrees has no
 * differences; then every kind of difference is listed (paid there but unpaid here, unknown here, amounts differing,
 * a refund done here the bill does not list), and a bill whose SHA1 does not match is refused, not compared.
 */
import type { Integrations } from '../../server/src/integrations';
import { paymentProviders } from '../../server/src/integrations/payments';
import { parseAlipayBill, unzip } from '../../server/src/integrations/payments/alipay/bill';
import { createAlipayProvider } from '../../server/src/integrations/payments/alipay/provider';
import { runPaymentsCli } from '../../server/src/payments-cli';
import { startAlipayStandin, type AlipayStandin } from '../../standins/alipay';
import { startWechatPayStandin, type WechatPayStandin } from '../../standins/wechatpay';
import { alipayStandinKeys, wechatStandinKeys } from '../support/standin-keys';
import { registerUser, type Registered } from './support/accounts';
import { DIALECTS, useTestApp } from './support/app';
import { testClock } from './support/clock';
import { ordersServiceOf, placeOrder } from './support/orders';
import { alipayFor, wechatPayFor } from './support/standins';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

describe.each(DIALECTS)('payments reconcile on %s', (dialect) => {
  let me: Registered;
  let wechat: WechatPayStandin;
  let alipay: AlipayStandin;
  const clock = testClock();
  const integrations: Partial<Integrations> = {};
  beforeAll(async () => {
    wechat = await startWechatPayStandin({ now: clock.now, appIds: ['wxmp', 'wxoa'], keys: wechatStandinKeys });
    alipay = await startAlipayStandin({ now: clock.now, keys: alipayStandinKeys });
    integrations.payments = paymentProviders(wechatPayFor(wechat, clock.now), alipayFor(alipay, clock.now));
  });
  afterAll(async () => {
    await wechat?.close();
    await alipay?.close();
  });
  const t = useTestApp(dialect, { clock, config: { PUBLIC_BASE_URL: 'https://szeat.test' }, integrations });
  const { api } = t;
  beforeAll(async () => {
    me = await registerUser(api, t.place);
    wechat.behaviour.hold = true;
    alipay.behaviour.hold = true;
  });

  const day = () => new Date(clock.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const deliver = (d: { url: string; headers: Record<string, string>; body: string }) =>
    api.post(new URL(d.url).pathname, d.body, { headers: d.headers });
  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runPaymentsCli(
      argv,
      { out: (l) => out.push(l), err: (l) => err.push(l) },
      { db: t.db, config: t.config, payments: t.integrations.payments },
    );
    return { code, out, err };
  };
  /** A WeChat Pay order paid at the stand-in; its notice delivered unless `lost`. */
  async function wechatPaid(lost = false) {
    const o = await placeOrder(t, api, me.token, { method: 'wechat' });
    const no = (await api.post('pay', { order_id: o.id, platform: 'h5' }, { token: me.token })).body.data.out_trade_no;
    await wechat.pay(no);
    const note = wechat.held.pop()!;
    if (!lost) await deliver(note);
    return { ...o, no };
  }
  async function alipayPaid() {
    const o = await placeOrder(t, api, me.token, { method: 'alipay' });
    const ticket = (
      await api.post('pay', { order_id: o.id, platform: 'h5' }, { token: me.token, headers: { 'user-agent': PHONE } })
    ).body.data;
    await fetch(ticket.cashier_url!);
    await alipay.pay(ticket.out_trade_no);
    await deliver(alipay.held.pop()!);
    return { ...o, no: ticket.out_trade_no };
  }
  const refund = (orderId: number) => ordersServiceOf(t, clock.now).refund(orderId, { actor: 'operator' });

  test('a day where the bills and our records agree: no differences (refunds included)', async () => {
    const a = await wechatPaid();
    const b = await wechatPaid();
    await refund(b.id);
    const c = await alipayPaid();
    const d = await alipayPaid();
    await refund(d.id);
    const res = await run('reconcile', day());
    expect(res.out).toEqual([
      `Reconciliation of ${day()} (China time)`,
      `wechat: bill 2 payments ${a.total + b.total} fen, 1 refunds ${b.total} fen; here 2 payments ${a.total + b.total} fen, 1 refunds ${b.total} fen`,
      '  no differences',
      `alipay: bill 2 payments ${c.total + d.total} fen, 1 refunds ${d.total} fen; here 2 payments ${c.total + d.total} fen, 1 refunds ${d.total} fen`,
      '  no differences',
    ]);
    expect(res.code).toBe(0);
    const other = await run('reconcile', '2020-01-01', '--provider', 'alipay');
    expect(other.out.slice(1)).toEqual([
      'alipay: bill 0 payments 0 fen, 0 refunds 0 fen; here 0 payments 0 fen, 0 refunds 0 fen',
      '  no differences',
    ]);
  });

  test('every difference is listed; a bill failing its SHA1 check is refused', async () => {
    clock.advance(86_400_000); // a day of its own
    const lost = await wechatPaid(true); // paid at WeChat Pay, its notice lost, never asked: unpaid here
    const changed = await wechatPaid();
    await t.db.kysely
      .updateTable('payments')
      .set({ amount_fen: changed.total + 1 })
      .where('out_trade_no', '=', changed.no)
      .execute();
    wechat.behaviour.refunds = 'processing';
    const slow = await wechatPaid();
    await refund(slow.id);
    wechat.behaviour.refunds = 'instant';
    // Marked done here although WeChat Pay has not finished it: the bill does not list it.
    await t.db.kysely
      .updateTable('payment_refunds')
      .set({ state: 'done' })
      .where('out_trade_no', '=', slow.no)
      .execute();
    const fine = await alipayPaid();
    alipay.billEdits.push((lines) => {
      const copy = [...lines.find((l) => l[1] === fine.no)!];
      copy[0] = '2026000000000000000000000001';
      copy[1] = 'SZ2099010199999ALM';
      lines.push(copy);
    });

    const res = await run('reconcile', day());
    expect(res.code).toBe(1);
    expect(res.out.filter((l) => l.startsWith('  '))).toEqual([
      `  payment ${lost.no}: paid in the bill, not paid here (here created, bill ${lost.total} fen)`,
      `  payment ${changed.no}: amounts differ (here ${changed.total + 1} fen, bill ${changed.total} fen)`,
      `  refund R${slow.no}: settled here, not in the bill (here ${slow.total} fen, bill -)`,
      `  payment SZ2099010199999ALM: in the bill, unknown here (here -, bill ${fine.total} fen)`,
    ]);

    wechat.behaviour.corruptBill = true;
    const corrupt = await run('reconcile', day(), '--provider', 'wechat');
    wechat.behaviour.corruptBill = false;
    expect(corrupt.out[1]).toMatch(/^wechat: the bill could not be read: BILL_HASH: .*SHA1 mismatch/);
    expect(corrupt.code).toBe(1);
  });

  test('usage', async () => {
    expect((await run()).code).toBe(2);
    expect((await run('reconcile')).code).toBe(2);
    expect((await run('reconcile', '2026-13-45')).err).toEqual(['Not a date (YYYY-MM-DD): 2026-13-45']);
    expect((await run('reconcile', '2026-01-01', '--provider', 'paypal')).code).toBe(2);
    expect((await run('help')).out[0]).toMatch(/^Usage: npm run payments -- reconcile <date>/);
  });
});

test('the Alipay bill archive: GBK names and text, CRC checked; refunds negative with their request number', async () => {
  const standin = await startAlipayStandin({ keys: alipayStandinKeys });
  try {
    const res = await fetch(`${standin.url}/standin/bill?token=none`);
    expect(res.status).toBe(404);
    const provider = createAlipayProvider({
      appId: standin.appId,
      privateKey: standin.appPrivateKeyPem,
      alipayPublicKey: standin.alipayPublicKeyPem,
      gateway: standin.gateway,
    });
    expect(await provider.bill('2020-01-01')).toEqual([]);
  } finally {
    await standin.close();
  }
  const text = [
    '#支付宝业务明细查询',
    '支付宝交易号,商户订单号,业务类型,商品名称,订单金额（元）,退款批次号/请求号',
    '2026001,SZ1ALM,交易,湘菜,38.05,',
    '2026001,SZ1ALM,退款,湘菜,-38.05,RSZ1ALM',
    '#交易合计：1笔，退款合计：1笔',
  ].join('\r\n');
  expect(parseAlipayBill(text)).toEqual([
    { kind: 'payment', outTradeNo: 'SZ1ALM', transactionId: '2026001', amountFen: 3805, rawState: '交易' },
    {
      kind: 'refund',
      outTradeNo: 'SZ1ALM',
      transactionId: '2026001',
      amountFen: 3805,
      refundNo: 'RSZ1ALM',
      rawState: '退款',
    },
  ]);
  expect(() => parseAlipayBill('a,b\n1,2')).toThrow(/unexpected header/);
  expect(() => unzip(Buffer.from('not a zip'))).toThrow(/not a zip/);
});
