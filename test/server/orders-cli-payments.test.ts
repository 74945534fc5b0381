/**
 * The operator tool's payment commands, on SQLite and PostgreSQL, with WeChat Pay's stand-in: `history <order>` lists
 * every attempt, notification, query, close and refund with the provider's word for it; `retry-refund <order>` sends a
 * refund WeChat Pay refused again with the same out_refund_no (refunded once), and says when there is nothing to retry.
 */
import type { Integrations } from '../../server/src/integrations';
import { paymentProviders } from '../../server/src/integrations/payments';
import { runOrdersCli } from '../../server/src/orders-cli';
import { startWechatPayStandin, type WechatPayStandin } from '../../standins/wechatpay';
import { wechatStandinKeys } from '../support/standin-keys';
import { registerUser, type Registered } from './support/accounts';
import { DIALECTS, useTestApp } from './support/app';
import { testClock } from './support/clock';
import { placeOrder, statusOf } from './support/orders';
import { wechatPayFor } from './support/standins';

describe.each(DIALECTS)('operator tool: payment history and refund retries on %s', (dialect) => {
  let me: Registered;
  let standin: WechatPayStandin;
  const clock = testClock();
  const integrations: Partial<Integrations> = {};
  beforeAll(async () => {
    standin = await startWechatPayStandin({ now: clock.now, appIds: ['wxmp', 'wxoa'], keys: wechatStandinKeys });
    integrations.payments = paymentProviders(wechatPayFor(standin, clock.now));
  });
  afterAll(() => standin?.close());
  const t = useTestApp(dialect, { clock, config: { PUBLIC_BASE_URL: 'https://szeat.test' }, integrations });
  const { api } = t;
  beforeAll(async () => {
    me = await registerUser(api, t.place);
    standin.behaviour.hold = true;
  });

  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOrdersCli(
      argv,
      { out: (l) => out.push(l), err: (l) => err.push(l) },
      { db: t.db, config: t.config, payments: t.integrations.payments, now: clock.now },
    );
    return { code, out, err };
  };

  test('history shows every attempt and event; a refused refund is retried with its number, once', async () => {
    const o = await placeOrder(t, api, me.token, { method: 'wechat' });
    const first = await run('history', String(o.id));
    expect(first).toEqual({
      code: 0,
      out: [`Order ${o.id}: payment history (China time)`, '  no online payment attempts'],
      err: [],
    });
    // Two attempts (desktop Native, then a phone's H5: the first trade is closed), paid by a lost notice's query.
    await api.post('pay', { order_id: o.id, platform: 'h5' }, { token: me.token });
    const ticket = (
      await api.post(
        'pay',
        { order_id: o.id, platform: 'h5' },
        { token: me.token, headers: { 'user-agent': 'iPhone Mobile' } },
      )
    ).body.data;
    standin.behaviour.drop = true;
    await standin.pay(ticket.out_trade_no);
    standin.behaviour.drop = false;
    expect((await api.get(`check-order-pay?order_id=${o.id}`, { token: me.token })).body.data.paid).toBe(true);

    standin.behaviour.refundFailure = 'refuse';
    const refund = await run('refund', String(o.id));
    expect(refund.out.at(-1)).toBe(`  online payment: refund R${ticket.out_trade_no} of ${o.total} fen FAILED`);
    expect(await statusOf(t, o.id)).toBe(5);
    standin.behaviour.refundFailure = null;

    const retry = await run('retry-refund', String(o.id));
    expect(retry).toEqual({
      code: 0,
      out: [`Order ${o.id}: refund R${ticket.out_trade_no} of ${o.total} fen sent again: done`],
      err: [],
    });
    expect([...standin.refunds.values()].filter((r) => r.out_trade_no === ticket.out_trade_no)).toHaveLength(1);
    expect(await run('retry-refund', String(o.id))).toEqual({
      code: 1,
      out: [],
      err: [`Order ${o.id}: no refused refund to retry`],
    });

    const history = await run('history', String(o.id));
    expect(history.code).toBe(0);
    const lines = history.out.join('\n');
    const desktop = ticket.out_trade_no.replace(/WEM$/, 'WED');
    expect(lines).toMatch(new RegExp(`attempt ${desktop}: wechat desktop, ${o.total} fen, closed, made .*, closed `));
    expect(lines).toMatch(
      new RegExp(`attempt ${ticket.out_trade_no}: wechat mobile, ${o.total} fen, paid, transaction 4200\\w+, made `),
    );
    const events = history.out.filter((l) => /^ {2}\d{4}-/.test(l)).map((l) => l.replace(/^ {2}\S+ \S+ /, ''));
    expect(events).toEqual([
      `wechat create ${desktop}: created ${o.total} fen (desktop)`,
      `wechat close ${desktop}: close_closed [CLOSED]`,
      `wechat create ${ticket.out_trade_no}: created ${o.total} fen (mobile)`,
      `wechat query ${desktop}: not_paid_closed [CLOSED]`,
      `wechat query ${ticket.out_trade_no}: paid ${o.total} fen [SUCCESS]`,
      `wechat refund ${ticket.out_trade_no}: refund_failed ${o.total} fen [SYSTEM_ERROR] (R${ticket.out_trade_no})`,
      `wechat refund ${ticket.out_trade_no}: refund_retry ${o.total} fen [SYSTEM_ERROR] (R${ticket.out_trade_no})`,
      `wechat refund ${ticket.out_trade_no}: refund_done ${o.total} fen [SUCCESS] (R${ticket.out_trade_no})`,
    ]);
    expect(history.out.at(-1)).toMatch(
      new RegExp(
        `^ {2}refund R${ticket.out_trade_no} of ${ticket.out_trade_no}: ${o.total} fen, done \\[SUCCESS\\], provider id 5030`,
      ),
    );
    expect((await run('history', '999999')).err).toEqual(['Refused: Order not found']);
  });
});
