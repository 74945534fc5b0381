/**
 * Alipay through alipay-sdk v4 against the stand-in (standins/alipay.ts), no database: wap and page pay links the
 * stand-in accepts (and refuses when altered), amounts as yuan strings made from fen, notifications verified with
 * checkNotifySignV2 and checked against app and seller ids, query, close, refund with a stable out_request_no counted
 * as done only when the money moved.
 */
import { type createAlipayProvider } from '../../server/src/integrations/payments/alipay/provider';
import { fenToYuan, yuanToFen } from '../../server/src/integrations/payments/money';
import type { PaymentProvider } from '../../server/src/integrations/payments/types';
import { startAlipayStandin, type AlipayStandin } from '../../standins/alipay';
import { keyPair } from '../../standins/keys';
import { alipayStandinKeys, strangerKeys } from '../support/standin-keys';
import { testClock } from './support/clock';
import { alipayFor } from './support/standins';

describe('Alipay against its stand-in', () => {
  let standin: AlipayStandin;
  let provider: PaymentProvider;
  const clock = testClock(Date.now());
  const make = (over: Partial<Parameters<typeof createAlipayProvider>[0]> = {}) => alipayFor(standin, clock.now, over);
  beforeAll(async () => {
    standin = await startAlipayStandin({ now: clock.now, keys: alipayStandinKeys });
    provider = make();
  });
  afterAll(() => standin.close());
  beforeEach(() => {
    standin.behaviour.hold = true;
    standin.held.splice(0);
  });

  let seq = 0;
  const input = (channel: 'desktop' | 'mobile', over: object = {}) => ({
    orderId: 1,
    orderNo: 'SZ1',
    lang: 'cn' as const,
    outTradeNo: `A${Date.now() % 1e7}${++seq}`,
    amountFen: 3805,
    description: 'szeat 湘菜馆',
    channel,
    notifyUrl: 'https://szeat.test/api/szeat/payments/notify/alipay',
    returnUrl: 'https://szeat.test/paySucc/1',
    cancelUrl: 'https://szeat.test/paySucc/1?cancelled=1',
    expiresAt: clock.now() + 15 * 60_000,
    ...over,
  });
  /** The buyer opens the cashier link and pays. */
  async function buyerPays(cashierUrl: string, outTradeNo: string) {
    const page = await fetch(cashierUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('¥38.05');
    const paid = await fetch(`${standin.url}/standin/pay?out_trade_no=${outTradeNo}`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    return paid.headers.get('location')!;
  }

  test('yuan strings from fen, never through floating point', () => {
    expect([1, 10, 30, 3805, 100000, 0].map(fenToYuan)).toEqual(['0.01', '0.10', '0.30', '38.05', '1000.00', '0.00']);
    expect(['0.3', '0.30', '38.05', '12', '1e3', '0.001', ' 1'].map(yuanToFen)).toEqual([
      30,
      30,
      3805,
      1200,
      null,
      null,
      100,
    ]);
  });

  test('wap pay on phones, page pay on desktops; the stand-in refuses an altered link', async () => {
    const wap = input('mobile');
    const link = (await provider.create(wap)).cashierUrl!;
    const url = new URL(link);
    expect(url.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(JSON.parse(url.searchParams.get('biz_content')!)).toMatchObject({
      out_trade_no: wap.outTradeNo,
      total_amount: '38.05',
      product_code: 'QUICK_WAP_WAY',
      quit_url: wap.cancelUrl,
    });
    expect(url.searchParams.get('return_url')).toBe(wap.returnUrl);
    expect(url.searchParams.get('notify_url')).toBe(wap.notifyUrl);
    const altered = new URL(link);
    altered.searchParams.set('biz_content', url.searchParams.get('biz_content')!.replace('38.05', '0.01'));
    expect((await fetch(altered)).status).toBe(400);
    const back = await buyerPays(link, wap.outTradeNo);
    expect(back.startsWith(wap.returnUrl)).toBe(true);

    const page = input('desktop');
    const pageUrl = new URL((await provider.create(page)).cashierUrl!);
    expect(pageUrl.searchParams.get('method')).toBe('alipay.trade.page.pay');
    await expect(provider.create(input('weapp' as 'desktop'))).rejects.toMatchObject({ code: 'CHANNEL' });
  });

  test('notifications: verified on the parsed form; altered, other app or seller refused; answer is plain success', async () => {
    const i = input('mobile');
    await buyerPays((await provider.create(i)).cashierUrl!, i.outTradeNo);
    const note = standin.held.pop()!;
    const parsed = await provider.parseNotification(note.headers, note.body);
    expect(parsed).toMatchObject({
      ok: true,
      notice: { kind: 'payment', outTradeNo: i.outTradeNo, amountFen: 3805, state: 'paid', rawState: 'TRADE_SUCCESS' },
    });
    const altered = note.body.replace('total_amount=38.05', 'total_amount=0.01');
    expect(await provider.parseNotification({}, altered)).toEqual({ ok: false, reason: 'signature' });
    const otherSeller = standin.notice(i.outTradeNo, { seller_id: '2088999999999999' });
    expect(await provider.parseNotification({}, otherSeller.body)).toEqual({ ok: false, reason: 'merchant' });
    const otherApp = standin.notice(i.outTradeNo, { app_id: '2021999999999999' });
    expect(await provider.parseNotification({}, otherApp.body)).toEqual({ ok: false, reason: 'merchant' });
    const waiting = standin.notice(i.outTradeNo, { trade_status: 'WAIT_BUYER_PAY' });
    expect(await provider.parseNotification({}, waiting.body)).toEqual({ ok: false, reason: 'ignored' });
    const { publicKey } = keyPair(strangerKeys[0]);
    const stranger = make({ alipayPublicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString() });
    expect(await stranger.parseNotification({}, note.body)).toEqual({ ok: false, reason: 'signature' });
    expect(provider.notifyReply(true, 'paid')).toEqual({
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      body: 'success',
    });
    expect(provider.notifyReply(false, 'x').body).toBe('fail');
  });

  test('query, close, refund once per out_request_no, done only when funds moved', async () => {
    const i = input('mobile');
    const link = (await provider.create(i)).cashierUrl!;
    // Not opened yet: Alipay has no trade.
    expect(await provider.query(i.outTradeNo)).toMatchObject({ state: 'unpaid', rawState: 'ACQ.TRADE_NOT_EXIST' });
    await fetch(link);
    expect(await provider.query(i.outTradeNo)).toMatchObject({ state: 'unpaid', rawState: 'WAIT_BUYER_PAY' });
    await buyerPays(link, i.outTradeNo);
    expect(await provider.query(i.outTradeNo)).toMatchObject({
      state: 'paid',
      amountFen: 3805,
      rawState: 'TRADE_SUCCESS',
    });
    await expect(provider.close(i.outTradeNo)).rejects.toMatchObject({ code: 'ORDERPAID' });

    const refund = { outTradeNo: i.outTradeNo, refundNo: `R${i.outTradeNo}`, amountFen: 3805, totalFen: 3805 };
    expect(await provider.refund(refund)).toMatchObject({ state: 'done' });
    // Retried with the same number: no second refund; Alipay answers fund_change N, the query says it is done.
    expect(await provider.refund(refund)).toMatchObject({ state: 'pending' });
    expect([...standin.refunds.values()].filter((r) => r.out_trade_no === i.outTradeNo)).toHaveLength(1);
    expect(await provider.queryRefund(refund.refundNo, i.outTradeNo)).toMatchObject({
      state: 'done',
      rawState: 'REFUND_SUCCESS',
    });

    standin.behaviour.refunds = 'processing';
    const j = input('desktop');
    await buyerPays((await provider.create(j)).cashierUrl!, j.outTradeNo);
    const slow = { outTradeNo: j.outTradeNo, refundNo: `R${j.outTradeNo}`, amountFen: 3805, totalFen: 3805 };
    expect(await provider.refund(slow)).toMatchObject({ state: 'pending' });
    expect(await provider.queryRefund(slow.refundNo, j.outTradeNo)).toMatchObject({ state: 'pending' });
    await standin.settleRefunds();
    expect(await provider.queryRefund(slow.refundNo, j.outTradeNo)).toMatchObject({ state: 'done' });
    standin.behaviour.refunds = 'instant';

    const open = input('mobile');
    await fetch((await provider.create(open)).cashierUrl!);
    await provider.close(open.outTradeNo);
    expect(await provider.query(open.outTradeNo)).toMatchObject({ state: 'closed' });
    expect((await standin.pay(open.outTradeNo)).paid).toBe(false);
    await provider.close('NEVER-OPENED-1');
  });

  test('a request signed with another app key is refused by the gateway', async () => {
    const { privateKey } = keyPair(strangerKeys[1]);
    const forged = make({ privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() });
    await expect(forged.query('X1')).rejects.toMatchObject({ code: 'isv.invalid-signature' });
    expect(standin.requests.at(-1)).toMatchObject({ ok: false });
  });
});
