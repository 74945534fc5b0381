/**
 * The operator tool (`npm run orders -- advance|cancel|refund <order>`): the orders service's moves from the
 * terminal, the new status printed, refused moves explained, usage errors; once through the real npm script.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { transition } from '../../server/src/modules/orders/service';
import { createAppUnitOfWork } from '../../server/src/modules/repositories';
import { runOrdersCli, parseOrderRef } from '../../server/src/orders-cli';
import { type Registered, registerUser } from './support/accounts';
import { DIALECTS, useTestApp } from './support/app';
import { creditWallet, historyOf, placeOrder, statusOf } from './support/orders';

const ROOT = path.resolve(__dirname, '../..');

describe.each(DIALECTS)('operator tool on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api, clock } = t;
  let me: Registered;
  beforeAll(async () => {
    me = await registerUser(api, t.place);
  });

  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOrdersCli(
      argv,
      { out: (l) => out.push(l), err: (l) => err.push(l) },
      { db: t.db, config: t.config, payments: t.integrations.payments, now: clock.now },
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  test('advance prints each new status; the end of the path and unpaid orders are refused plainly', async () => {
    const o = await placeOrder(t, api, me.token, { method: 'cod', mode: 'collection' });
    const first = await run('advance', String(o.id));
    expect(first).toEqual({
      code: 0,
      out: `Order ${o.id}: Waiting for the restaurant (6) -> Confirmed by restaurant (10)`,
      err: '',
    });
    const no = (await api.get(`orderinfo?id=${o.id}`, { token: me.token })).body.data.order_no;
    expect((await run('advance', no, '--lang', 'cn')).out).toBe(`Order ${o.id}: 商家已接单 (10) -> 商家备餐中 (1)`);
    expect((await run('advance', String(o.id))).out).toMatch(/-> Completed \(9\)$/);
    expect((await run('advance', String(o.id))).out).toMatch(/-> Completed \(11\)$/);
    const end = await run('advance', String(o.id));
    expect(end).toEqual({
      code: 1,
      out: '',
      err: `Refused: Order ${o.id} has no next step (status Completed (11))`,
    });
    const refused = await run('cancel', String(o.id));
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(`Refused: Order ${o.id} cannot move from status Completed (11) to status Cancelled (4)`);
    expect((await historyOf(t, o.id)).map((h) => h.status)).toEqual([6, 10, 1, 9, 11]);

    const unpaid = await placeOrder(t, api, me.token, { method: 'wechat' });
    const wait = await run('advance', String(unpaid.id));
    expect(wait.code).toBe(1);
    expect(wait.err).toMatch(/not paid yet/);
    expect((await run('advance', '999999')).err).toBe('Refused: Order not found');
  });

  test('cancel and refund give back the wallet debit and voucher once, and say so', async () => {
    const rich = await registerUser(api, t.place);
    await creditWallet(t, rich.id, 30_000, `cli-${rich.id}`);
    const o = await placeOrder(t, api, rich.token, { method: 'balance', voucher: true });
    const cancel = await run('cancel', String(o.id));
    expect(cancel.code).toBe(0);
    expect(cancel.out).toBe(
      [
        `Order ${o.id}: Waiting for the restaurant (6) -> Cancelled (4)`,
        `  wallet: ${o.total} fen given back`,
        '  voucher: given back',
      ].join('\n'),
    );
    expect((await run('cancel', String(o.id))).code).toBe(1);
    const refund = await run('refund', String(o.id));
    expect(refund).toEqual({ code: 0, out: `Order ${o.id}: Cancelled (4) -> Refunded (5)`, err: '' });
    expect(await statusOf(t, o.id)).toBe(5);
    const wallet = (await api.get('wallet', { token: rich.token })).body.data;
    expect(wallet.balance_fen).toBe(30_000);
  });

  test('cancelling a paid online order refunds the payment through the provider, and says so', async () => {
    const o = await placeOrder(t, api, me.token, { method: 'wechat' });
    const uow = createAppUnitOfWork(t.db.kysely);
    // Paid as the notification would mark it (payments.test.ts covers the notification itself).
    await t.db.kysely
      .insertInto('payments')
      .values({
        order_id: o.id,
        provider: 'sandbox',
        out_trade_no: `CLI${o.id}`,
        amount_fen: o.total,
        state: 'paid',
        transaction_id: `tx-cli-${o.id}`,
        paid_at: clock.now(),
        created_at: clock.now(),
        updated_at: clock.now(),
      })
      .execute();
    await uow.transaction((tx) => transition(tx, o.id, 0, 6, 'payment', { at: clock.now(), paidAt: clock.now() }));
    const res = await run('cancel', String(o.id));
    expect(res).toEqual({
      code: 0,
      out: [
        `Order ${o.id}: Waiting for the restaurant (6) -> Cancelled (4) -> Refunded (5)`,
        `  online payment: refund RCLI${o.id} of ${o.total} fen sent`,
      ].join('\n'),
      err: '',
    });
  });

  test('usage errors', async () => {
    expect((await run()).code).toBe(2);
    expect((await run('launch', '1')).code).toBe(2);
    expect((await run('advance', 'abc')).err).toMatch(/^Not an order id or number: abc/);
    expect((await run('advance', '1', '2')).code).toBe(2);
    expect((await run('help')).out).toMatch(/^Usage: npm run orders/);
    expect(parseOrderRef('SZ20261001000042')).toBe(42);
    expect(parseOrderRef('42')).toBe(42);
    expect(parseOrderRef('-1')).toBeNull();
  });

  if (dialect === 'sqlite') {
    test('npm run orders -- advance <order> against the database of DATABASE_URL', async () => {
      const o = await placeOrder(t, api, me.token, { method: 'cod' });
      const res = spawnSync('npm', ['run', '--silent', 'orders', '--', 'advance', String(o.id)], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: t.config.DATABASE_URL, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(res.stdout.trim()).toBe(`Order ${o.id}: Waiting for the restaurant (6) -> Confirmed by restaurant (10)`);
      expect(res.status).toBe(0);
      expect(await statusOf(t, o.id)).toBe(10);
      const refused = spawnSync('npm', ['run', '--silent', 'orders', '--', 'refund', '999999'], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: t.config.DATABASE_URL, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/Refused: Order not found/);
    }, 60_000);
  }
});
