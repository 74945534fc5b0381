/**
 * The compiled mini program (dist/weapp) in the headless harness, against the real server whose WeChat Pay provider is
 * the real client aimed at the stand-in: the settlement's wx.requestPayment receives the server's JSAPI parameters
 * (mini program appid, the payer's openid), their paySign verifies with the merchant key the stand-in knows, and the
 * stand-in pays them (as WeChat's payment sheet and server would), after which the order is paid.
 */
import { createPrivateKey, createPublicKey, createVerify } from 'node:crypto';
import { paymentProviders } from '../../server/src/integrations/payments';
import { createWechatPayProvider } from '../../server/src/integrations/payments/wechatpay/provider';
import { startWechatPayStandin, type WechatPayStandin } from '../../standins/wechatpay';
import type { AuthResult, UserInfo } from '../../types/api/accounts';
import type { Order } from '../../types/api/orders';
import type { BuildingList } from '../../types/api/places';
import type { Menu } from '../../types/api/stores';
import { OrderStatus } from '../../types/order-status';
import { wechatStandinKeys } from '../support/standin-keys';
import { WEAPP_REFERER } from './support/api-server';
import { useWeappHarness } from './support/use-harness';

const NOODLES_SHOP = 9;
const DONGMEN = 10;
let token = '';
let wechat: WechatPayStandin;

async function call<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${w.api.url}/api/szeat/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'Accept-Language': 'cn',
      Referer: WEAPP_REFERER,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  if (json.code !== 1000) throw new Error(`${path}: ${json.code} ${json.msg}`);
  return json.data;
}

const w = useWeappHarness({
  integrations: async () => {
    wechat = await startWechatPayStandin({ appIds: ['wxmp', 'wxoa'], keys: wechatStandinKeys });
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
      ),
    };
  },
  storage: async (api) => {
    const dongmen = (await call<BuildingList>('buildinglist')).find((b) => b.id === DONGMEN)!;
    const reg = await call<AuthResult>('reg', {
      name: '小程序付款',
      phone: '13612340001',
      email: 'weapp.realpay@example.com',
      password: 'secret-123',
      confirm_password: 'secret-123',
      area_id: dongmen.area_id,
      building_id: dongmen.id,
      building_no: 'D',
      room_no: '707',
    });
    token = reg.access_token;
    // The mini program identity (its openid pays with JSAPI), linked to the account as wx.login's code would.
    await call('wxminilogin', { code: api.server.integrations.wechat.sandboxCode!('weapp-realpay') });
    const user = await call<UserInfo>('me');
    return { token, userInfo: user };
  },
});
afterAll(() => wechat?.close());

test('requestPayment receives JSAPI parameters whose paySign verifies with the merchant key; the stand-in pays them', async () => {
  const menu = await call<Menu>(`menulist?restaurant_id=${NOODLES_SHOP}`);
  const item = menu.categories.flatMap((c) => c.items).find((i) => i.option_groups.length === 0 && !i.sold_out)!;
  await call('delcart', { restaurant_id: NOODLES_SHOP, all: true });
  await call('addcart', { restaurant_id: NOODLES_SHOP, dish_id: item.id, quantity: 3 });
  const page = await w.h.openPage(`screens/order/settlement/index?rid=${NOODLES_SHOP}`);
  await w.h.loop.waitFor(() => page.byClass('settlement__method--wechat').length > 0, 'payment methods');
  await page.tap(page.byClass('settlement__method--wechat')[0]!);
  const sheets: Array<Record<string, string>> = [];
  w.h.paymentBehaviour = async (o) => {
    const params = o as unknown as Record<string, string>;
    sheets.push(params);
    const res = await fetch(`${wechat.url}/standin/jsapi-pay`, { method: 'POST', body: JSON.stringify(params) });
    const answer = (await res.json()) as { errMsg: string };
    if (answer.errMsg !== 'requestPayment:ok') throw new Error(answer.errMsg);
    return { errMsg: 'requestPayment:ok' };
  };
  await w.h.loop.waitFor(
    () => page.byClass('settlement__submit').length > 0 && page.byClass('settlement__submit--off').length === 0,
    'the quote',
  );
  await page.tap(page.byClass('settlement__submit')[0]!);
  await w.h.loop.waitFor(() => sheets.length > 0, 'the payment sheet');
  const p = sheets[0]!;
  const prepay = /^prepay_id=(wx\w+)$/.exec(p.package ?? '')?.[1];
  expect(prepay).toBeTruthy();
  expect(p.signType).toBe('RSA');
  const signed = `wxmp\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`;
  expect(createVerify('RSA-SHA256').update(signed).verify(wechat.merchant.publicKey, p.paySign!, 'base64')).toBe(true);
  expect(
    createVerify('RSA-SHA256')
      .update(signed.replace('wxmp', 'wxoa'))
      .verify(wechat.merchant.publicKey, p.paySign!, 'base64'),
  ).toBe(false);
  const trade = [...wechat.trades.values()].find((t) => t.prepay_id === prepay)!;
  expect(trade).toMatchObject({ trade_type: 'JSAPI', appid: 'wxmp', state: 'SUCCESS' });
  expect(trade.openid).toBeTruthy();
  const orderId = Number(trade.out_trade_no.slice(10, -3));
  // The stand-in's notification goes to the server's notify URL; check-order-pay (the success page's) would also ask.
  for (let i = 0; i < 50 && !(await call<Order>(`orderinfo?id=${orderId}`)).paid; i++) {
    await new Promise((r) => setTimeout(r, 200));
  }
  const order = await call<Order>(`orderinfo?id=${orderId}`);
  expect(order).toMatchObject({ paid: true, status: OrderStatus.AwaitingMerchant });
});
