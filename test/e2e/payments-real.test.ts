/**
 * Real-protocol payments in Chromium, in Chinese and in English, against the built site, the real server and the
 * WeChat Pay and Alipay stand-ins (the server's providers are the real clients aimed at them): WeChat Pay Native on a
 * desktop (the QR code on our cashier page, the stand-in pays it and notifies the server, the page moves on to
 * paySucc, then the order detail); Alipay wap on a phone (the stand-in's cashier, pay, back to paySucc, the order
 * detail).
 */
import { createPrivateKey, createPublicKey } from 'node:crypto';
import type { Page } from 'playwright-core';
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
import { cn, en, open, shown, textOf, useSite } from './support/site';

const PACKS = { cn, en };
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
