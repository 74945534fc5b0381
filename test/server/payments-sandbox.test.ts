import { createSandboxPayments } from '../../server/src/integrations/payments/sandbox';
import type { PayChannel } from '../../server/src/integrations/payments/types';
import { signNotification } from '../../server/src/integrations/payments/sandbox-signature';
import { testClock } from './support/clock';

const SECRET = 'a-test-secret-of-enough-length';

function setup() {
  const clock = testClock();
  const sandbox = createSandboxPayments({ secret: SECRET, now: clock.now, log: () => undefined });
  return { clock, sandbox };
}

const input = (over: Partial<Parameters<ReturnType<typeof createSandboxPayments>['create']>[0]> = {}) => ({
  orderId: 7,
  orderNo: 'SZ7',
  lang: 'en' as const,
  outTradeNo: 'SZ7T1',
  amountFen: 3850,
  description: 'Test order',
  channel: 'mobile' as PayChannel,
  notifyUrl: 'http://127.0.0.1:3000/api/szeat/payments/notify/sandbox',
  returnUrl: 'http://127.0.0.1:3000/paySucc/7',
  cancelUrl: 'http://127.0.0.1:3000/order_detail/7',
  expiresAt: Date.UTC(2026, 9, 1, 4, 15),
  ...over,
});

describe('sandbox payment provider', () => {
  it('links H5 to our cashier and records the payment it notifies, once', async () => {
    const { sandbox } = setup();
    const { cashierUrl } = await sandbox.create(input());
    const url = new URL(cashierUrl!);
    expect(url.pathname).toBe('/api/szeat/payments/sandbox/cashier');
    expect(await sandbox.query('SZ7T1')).toEqual({ state: 'unpaid', rawState: 'NOTPAY' });
    const first = await sandbox.pay(url.searchParams.get('t')!);
    if ('error' in first) throw new Error(first.error);
    const parsed = await sandbox.parseNotification(first.notification.headers, first.notification.body);
    expect(parsed).toMatchObject({ ok: true, notice: { outTradeNo: 'SZ7T1', amountFen: 3850, state: 'paid' } });
    // Paying again (back button, double tap) is the same payment, not a second one.
    const again = await sandbox.pay(url.searchParams.get('t')!);
    if ('error' in again) throw new Error(again.error);
    expect(JSON.parse(again.notification.body).transaction_id).toBe(JSON.parse(first.notification.body).transaction_id);
    expect(await sandbox.query('SZ7T1')).toMatchObject({ state: 'paid', amountFen: 3850 });
  });

  it('refuses altered cashier links and links past the payment deadline', async () => {
    const { sandbox, clock } = setup();
    const token = new URL((await sandbox.create(input())).cashierUrl!).searchParams.get('t')!;
    const [data, sig] = token.split('.');
    const forged = Buffer.from(data!, 'base64url').toString().replace('3850', '1');
    expect(await sandbox.pay(`${Buffer.from(forged).toString('base64url')}.${sig}`)).toEqual({ error: 'token' });
    clock.advance(16 * 60_000);
    expect(await sandbox.pay(token)).toEqual({ error: 'expired' });
  });

  it('verifies notification signatures over the exact body', async () => {
    const { sandbox } = setup();
    const body = JSON.stringify({
      out_trade_no: 'X',
      transaction_id: 'T',
      amount_fen: 1,
      trade_state: 'SUCCESS',
      paid_at: 1,
    });
    const headers = signNotification(SECRET, body);
    expect((await sandbox.parseNotification(headers, body)).ok).toBe(true);
    expect(await sandbox.parseNotification(headers, body.replace('"amount_fen":1', '"amount_fen":2'))).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect((await sandbox.parseNotification(signNotification('another-secret-entirely', body), body)).ok).toBe(false);
    expect((await sandbox.parseNotification({}, body)).ok).toBe(false);
    const junk = '{"out_trade_no":1}';
    expect(await sandbox.parseNotification(signNotification(SECRET, junk), junk)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('gives the mini program requestPayment parameters', async () => {
    const { sandbox } = setup();
    const { weapp } = await sandbox.create(input({ channel: 'weapp' }));
    expect(weapp).toMatchObject({ signType: 'HMAC-SHA256' });
    expect(weapp!.package).toMatch(/^sandbox_token=/);
    expect('error' in (await sandbox.pay(weapp!.package.slice('sandbox_token='.length)))).toBe(false);
  });

  it('refunds within the amount paid, once per refund number', async () => {
    const { sandbox } = setup();
    const refund = { outTradeNo: 'SZ7T1', refundNo: 'RF1', amountFen: 3850, totalFen: 3850 };
    await sandbox.refund(refund);
    await sandbox.refund(refund);
    expect(await sandbox.refunds()).toHaveLength(1);
    await expect(sandbox.refund({ ...refund, refundNo: 'RF2', amountFen: 3851 })).rejects.toThrow(/out of range/);
  });
});
