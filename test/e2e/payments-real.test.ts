/**
 * Real-protocol payments in Chromium, in Chinese and in English, against the built site, the real server and the
 * WeChat Pay and Alipay stand-ins (the server's providers are the real clients aimed at them): WeChat Pay Native on a
 * desktop (the QR code on our cashier page, the stand-in pays it and notifies the server, the page moves on to
 * paySucc, then the order detail); WeChat Pay H5 on a phone (the stand-in's page, pay, redirect_url back to paySucc);
 * Alipay wap on a phone (the stand-in's cashier, pay, back to paySucc, the order detail); Alipay inside WeChat's
 * browser refused with the message that it does not open there; cancel on our cashier page -> the specification's
 * question -> unpaid, then after the payment timeout the trade is closed at WeChat Pay and the order cancelled.
 */
import { createPrivateKey, createPublicKey } from 'node:crypto';
import type { Page } from 'playwright-core';
import { createAppJobs } from '../../server/src/app-jobs';
import { loadConfig } from '../../server/src/config';
import { openDb } from '../../server/src/db';
import { translate } from '../../server/src/i18n/messages';
import { paymentProviders } from '../../server/src/integrations/payments';
import { createAlipayProvider } from '../../server/src/integrations/payments/alipay/provider';
import { createWechatPayProvider } from '../../server/src/integrations/payments/wechatpay/provider';
import { startAlipayStandin, type AlipayStandin } from '../../standins/alipay';
import { startWechatPayStandin, type WechatPayStandin } from '../../standins/wechatpay';
import type { Order } from '../../types/api/orders';
import { OrderStatus } from '../../types/order-status';
import { alipayStandinKeys, wechatStandinKeys } from '../support/standin-keys';
import {
  addDish,
  answerModal,
  DUMPLINGS,
  menuItem,
  newCustomer,
  NOODLES_SHOP,
  okApi,
  startLoggedIn,
  type Lang,
} from './support/orders';
import { screenshot } from './support/screenshot';
import { open, PACKS, shown, textOf, useSite } from './support/site';

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800322d) NetType/WIFI Language/zh_CN';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari/604.1';

let wechat: WechatPayStandin;
let alipay: AlipayStandin;
const site = useSite({
  integrations: async () => {
    wechat = await startWechatPayStandin({ appIds: ['wxmp', 'wxoa'], keys: wechatStandinKeys });
    alipay = await startAlipayStandin({ keys: alipayStandinKeys });
    return {
      payments: paymentProviders(
        createWechatPayProvider({
          apiBase: wechat.url,
          mchid: wechat.mchid,
          serialNo: wechat.merchant.serialNo,
          privateKey: createPrivateKey(wechat.merchant.privateKeyPem),
          apiV3Key: wechat.merchant.apiV3Key,
          publicKey: { id: wechat.platform.publicKeyId, key: createPublicKey(wechat.platform.publicKeyPem) },
          mpAppId: 'wxmp',
          oaAppId: 'wxoa',
        }),
        createAlipayProvider({
          appId: alipay.appId,
          sellerId: alipay.sellerId,
          privateKey: alipay.appPrivateKeyPem,
          alipayPublicKey: alipay.alipayPublicKeyPem,
          gateway: alipay.gateway,
        }),
      ),
    };
  },
});
afterAll(async () => {
  await wechat?.close();
  await alipay?.close();
});

/** A dish in the cart, then the settlement with a payment method chosen and the order placed (address confirmed). */
async function orderWith(page: Page, lang: Lang, method: 'wechat' | 'alipay') {
  const t = PACKS[lang];
  await open(page, `/restaurant_detail?id=${NOODLES_SHOP}`);
  await addDish(page, await menuItem(site, lang, NOODLES_SHOP, DUMPLINGS), t.menu.added, 2);
  await shown(page, '.cart-panel__checkout').click();
  await page.waitForURL((u) => u.pathname === `/settlemt/${NOODLES_SHOP}`);
  await shown(page, `.settlement__method--${method}`).click();
  await shown(page, `.settlement__method--${method}.settlement__method--on`).waitFor();
  await shown(page, '.settlement__submit:not(.settlement__submit--off)').click();
  await answerModal(page, true);
}

// Every test signs up a customer from this one address, more than registration's 10 an hour per client: each test
// starts with that count cleared (the limit itself is the accounts tests' subject).
beforeEach(async () => {
  const db = await openDb(site.server.databaseUrl);
  try {
    await db.kysely.deleteFrom('rate_counters').where('key', 'like', 'reg:ip:%').execute();
  } finally {
    await db.destroy();
  }
});

/** paySucc says paid; "view order" opens the detail, which shows the order paid and awaiting the restaurant. */
async function paidThenDetail(page: Page, lang: Lang, token: string) {
  const t = PACKS[lang];
  await page.waitForURL((u) => u.pathname.startsWith('/paySucc/'), { timeout: 20_000 });
  const orderId = Number(new URL(page.url()).pathname.slice('/paySucc/'.length));
  expect(await textOf(shown(page, '.pay-success__title'))).toBe(t.pay.success);
  await shown(page, '.pay-success__view').click();
  await page.waitForURL((u) => u.pathname === `/order_detail/${orderId}`);
  const order = await okApi<Order>(site, `orderinfo?id=${orderId}`, token, undefined, lang);
  expect(order).toMatchObject({ paid: true, status: OrderStatus.AwaitingMerchant });
  expect(await textOf(shown(page, '.order-status'))).toBe(order.status_text);
  return order;
}

for (const lang of ['cn', 'en'] as const) {
  describe(`real-protocol payments (${lang})`, () => {
    test('WeChat Pay Native on a desktop: the QR on our cashier page, the stand-in pays it, the page moves on', async () => {
      const customer = await newCustomer(site, lang);
      const page = await startLoggedIn(site, lang, customer);
      await orderWith(page, lang, 'wechat');
      await page.waitForURL((u) => u.pathname === '/api/szeat/payments/cashier');
      await page.locator('svg').first().waitFor();
      await screenshot(page, `payments-native-cashier-${lang}`);
      const trade = [...wechat.trades.values()].filter((x) => x.code_url && x.state === 'NOTPAY').at(-1)!;
      expect(trade.trade_type).toBe('NATIVE');
      const paid = await wechat.scan(trade.code_url!);
      expect(paid.statuses).toEqual([200]); // the stand-in's signed, encrypted notification was accepted
      const order = await paidThenDetail(page, lang, customer.token);
      expect(order.order_no).toBe(trade.out_trade_no.slice(0, -3));
      await screenshot(page, `payments-native-detail-${lang}`);
    });

    test('WeChat Pay H5 on a phone: the stand-in page, pay, back through redirect_url to paySucc', async () => {
      await site.context.setExtraHTTPHeaders({ 'user-agent': PHONE_UA });
      const customer = await newCustomer(site, lang);
      const page = await startLoggedIn(site, lang, customer);
      await orderWith(page, lang, 'wechat');
      await page.waitForURL((u) => u.origin === new URL(wechat.url).origin && u.pathname === '/standin/h5pay');
      const trade = [...wechat.trades.values()].at(-1)!;
      expect(trade).toMatchObject({ trade_type: 'MWEB', state: 'NOTPAY' });
      expect(new URL(page.url()).searchParams.get('redirect_url')).toMatch(/\/paySucc\/\d+$/);
      await page.locator('[data-testid=standin-pay]').click();
      const order = await paidThenDetail(page, lang, customer.token);
      expect(order.order_no).toBe(trade.out_trade_no.slice(0, -3));
    });

    test('inside the WeChat browser Alipay is not offered: the settlement page says why', async () => {
      await site.context.setExtraHTTPHeaders({ 'user-agent': WECHAT_UA });
      const customer = await newCustomer(site, lang);
      const page = await startLoggedIn(site, lang, customer);
      const before = alipay.trades.size;
      await open(page, `/restaurant_detail?id=${NOODLES_SHOP}`);
      await addDish(page, await menuItem(site, lang, NOODLES_SHOP, DUMPLINGS), PACKS[lang].menu.added, 2);
      await shown(page, '.cart-panel__checkout').click();
      await page.waitForURL((u) => u.pathname === `/settlemt/${NOODLES_SHOP}`);
      // The server's words (in the page's language) beside the methods the quote offers, Alipay not among them.
      const note = shown(page, '.settlement__note--alipay_in_wechat');
      expect(await textOf(note)).toBe(translate(lang, 'problem.alipay_in_wechat'));
      await shown(page, '.settlement__method--wechat').waitFor();
      expect(await page.locator('.settlement__method--alipay').count()).toBe(0);
      await note.scrollIntoViewIfNeeded();
      await screenshot(page, `payments-alipay-in-wechat-${lang}`);
      expect(alipay.trades.size).toBe(before);
    });

    test('cancel on the cashier page: the question, unpaid; after the timeout closed at WeChat Pay and cancelled', async () => {
      const t = PACKS[lang];
      const customer = await newCustomer(site, lang);
      const page = await startLoggedIn(site, lang, customer);
      await orderWith(page, lang, 'wechat');
      await page.waitForURL((u) => u.pathname === '/api/szeat/payments/cashier');
      const trade = [...wechat.trades.values()].at(-1)!;
      const asked = new Promise<string>((resolve) =>
        page.once('dialog', (dialog) => {
          resolve(dialog.message());
          void dialog.accept();
        }),
      );
      await page.locator('[data-testid=cancel]').click();
      expect(await asked).toBe(t.pay.cancel_confirm);
      await page.waitForURL((u) => u.pathname.startsWith('/paySucc/') && u.searchParams.get('cancelled') === '1');
      expect(await textOf(shown(page, '.pay-success__title'))).toBe(t.pay.unpaid);
      const orderId = Number(new URL(page.url()).pathname.slice('/paySucc/'.length));
      expect((await okApi<Order>(site, `orderinfo?id=${orderId}`, customer.token, undefined, lang)).status).toBe(
        OrderStatus.Submitted,
      );

      // The payment timeout passes: the unpaid-order job closes the trade at WeChat Pay, then cancels the order.
      const config = loadConfig({}, { DATABASE_URL: site.server.databaseUrl, LOG_LEVEL: 'silent' });
      const later = Date.now() + (config.ORDER_PAYMENT_TIMEOUT_MINUTES + 1) * 60_000;
      const jobs = createAppJobs({
        config,
        db: site.server.db,
        integrations: site.server.integrations,
        now: () => later,
      });
      await jobs.cancelUnpaid(later);
      expect(wechat.trades.get(trade.out_trade_no)!.state).toBe('CLOSED');
      const order = await okApi<Order>(site, `orderinfo?id=${orderId}`, customer.token, undefined, lang);
      expect(order.status).toBe(OrderStatus.Cancelled);
      await open(page, `/order_detail/${orderId}`);
      expect(await textOf(shown(page, '.order-status'))).toBe(order.status_text);
      expect((await wechat.pay(trade.out_trade_no)).paid).toBe(false);
    });

    test('JSAPI inside the WeChat browser: WeixinJSBridge (faked) pays with a paySign the stand-in verifies', async () => {
      const customer = await newCustomer(site, lang);
      // The customer's WeChat official-account identity (sandbox OAuth), which JSAPI pays with.
      const oauth = await okApi<{ state: string }>(site, 'wxoauthurl?redirect=/', customer.token, undefined, lang);
      const code = site.server.integrations.wechat.sandboxCode!(`jsapi-${lang}-${customer.user.id}`);
      await okApi(site, 'wxpubliclogin', customer.token, { code, state: oauth.state }, lang);
      await site.context.setExtraHTTPHeaders({ 'user-agent': WECHAT_UA });
      // WeChat's bridge, faked: getBrandWCPayRequest hands its parameters to the stand-in as WeChat's client would.
      const asked: Array<Record<string, string>> = [];
      await site.context.exposeBinding('__standinJsapiPay', async (_source, params: Record<string, string>) => {
        asked.push(params);
        const res = await fetch(`${wechat.url}/standin/jsapi-pay`, { method: 'POST', body: JSON.stringify(params) });
        return ((await res.json()) as { errMsg: string }).errMsg;
      });
      await site.context.addInitScript(() => {
        const w = window as unknown as {
          WeixinJSBridge: object;
          __standinJsapiPay: (p: unknown) => Promise<string>;
        };
        w.WeixinJSBridge = {
          invoke(name: string, params: unknown, done: (r: { err_msg: string }) => void) {
            if (name !== 'getBrandWCPayRequest') return;
            void w.__standinJsapiPay(params).then((msg) =>
              done({
                err_msg:
                  msg === 'requestPayment:ok' ? 'get_brand_wcpay_request:ok' : `get_brand_wcpay_request:fail ${msg}`,
              }),
            );
          },
        };
      });
      const page = await startLoggedIn(site, lang, customer);
      await orderWith(page, lang, 'wechat');
      const order = await paidThenDetail(page, lang, customer.token);
      expect(asked).toHaveLength(1);
      expect(asked[0]).toMatchObject({ appId: 'wxoa', signType: 'RSA' });
      const trade = wechat.trades.get(`${order.order_no}WEB`)!;
      expect(trade).toMatchObject({ trade_type: 'JSAPI', appid: 'wxoa', state: 'SUCCESS' });
      expect(trade.openid).toBeTruthy();
    });

    test('Alipay wap on a phone: the stand-in cashier, pay, back to paySucc, then the order detail', async () => {
      await site.context.setExtraHTTPHeaders({ 'user-agent': PHONE_UA });
      const customer = await newCustomer(site, lang);
      const page = await startLoggedIn(site, lang, customer);
      await orderWith(page, lang, 'alipay');
      await page.waitForURL((u) => u.origin === new URL(alipay.url).origin);
      const trade = [...alipay.trades.values()].at(-1)!;
      expect(trade.method).toBe('alipay.trade.wap.pay');
      await screenshot(page, `payments-alipay-cashier-${lang}`);
      await page.locator('[data-testid=standin-pay]').click();
      const order = await paidThenDetail(page, lang, customer.token);
      expect(order.order_no).toBe(trade.out_trade_no.slice(0, -3));
    });
  });
}
