/**
 * WeChat content security in WECHAT_MODE=real against a local stand-in speaking WeChat's protocol
 * (standins/wechat-security.ts): comments through msgSecCheck v2 before they are saved, photos through
 * mediaCheckAsync v2, whose verdict arrives later by message push (signed, encrypted in safe mode) at /wxpush; only
 * passed photos are shown to others. A customer without a mini program identity cannot be checked: held.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { ErrorCode } from '../../types/errors';
import { createRealContentCheck } from '../../server/src/integrations/wechat/content-check';
import { startWechatSecurity } from '../../standins/wechat-security';
import { freshIp, placeOf, registerUser } from './support/accounts';
import { apiOf, type Api } from './support/api';
import { startTestApp, type StartedTestApp } from './support/app';
import { ORDER_RID, ordersServiceOf, placeOrder } from './support/orders';
import { phonePhoto, upload } from './support/photos';
import { OrderStatus } from '../../types/order-status';

const APPID = 'wxmp-content';
const SECRET = 'mp-secret';
const TOKEN = 'push-token-1';
const AES_KEY = randomBytes(32).toString('base64').slice(0, 43);

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe('content checks with WeChat (WECHAT_MODE=real, stand-in on 127.0.0.1)', () => {
  let wechat: Awaited<ReturnType<typeof startWechatSecurity>>;
  let t: StartedTestApp;
  let api: Api;
  let origin: string;
  let pushUrl: string;
  beforeAll(async () => {
    wechat = await startWechatSecurity({
      appId: APPID,
      secret: SECRET,
      pushToken: TOKEN,
      pushAesKey: AES_KEY,
      riskyWords: ['违规词'],
      reviewWords: ['待人工'],
    });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    t = await startTestApp('sqlite', {
      WECHAT_MODE: 'real',
      WECHAT_API_BASE: wechat.base,
      WECHAT_MP_APPID: APPID,
      WECHAT_MP_SECRET: SECRET,
      WECHAT_OA_APPID: 'wxoa-content',
      WECHAT_OA_SECRET: 'oa-secret',
      WECHAT_PUSH_TOKEN: TOKEN,
      WECHAT_PUSH_AES_KEY: AES_KEY,
      PUBLIC_BASE_URL: origin,
    });
    await t.app.listen({ host: '127.0.0.1', port });
    api = apiOf(t.app);
    pushUrl = `${origin}/api/szeat/wxpush`;
  });
  afterAll(async () => {
    await t.close();
    await wechat.close();
  });

  /** A mini program customer (logged in with wx.login's code) with a collected order. */
  async function miniCustomer() {
    const login = await api.post('wxminilogin', { code: `code-${randomBytes(4).toString('hex')}` }, { ip: freshIp() });
    const token = login.body.data.access_token as string;
    const order = await placeOrder(t, api, token, { method: 'cod', mode: 'collection' });
    const orders = ordersServiceOf(t);
    for (
      let i = 0;
      i < 6 && (await orders.advance(order.id, { actor: 'operator' })).status !== OrderStatus.Completed;
      i++
    );
    return { token, orderId: order.id };
  }

  /** The rating as other customers see it on the restaurant page. */
  async function shownPhotos(ratingId: number) {
    const list = (await api.get(`storereview?restaurant_id=${ORDER_RID}&page_size=50`)).body.data.list;
    const found = list.find((r) => r.id === ratingId);
    if (!found) throw new Error(`rating ${ratingId} is not among the restaurant's reviews`);
    return found;
  }

  test('the URL check answers the echo only with the right signature', async () => {
    expect(await wechat.verifyUrl(pushUrl, 'echo-123')).toEqual({ status: 200, body: 'echo-123' });
    const bad = await fetch(`${pushUrl}?signature=x&timestamp=1&nonce=2&echostr=e`);
    expect(bad.status).toBe(403);
    expect((await bad.json()).code).toBe(ErrorCode.Forbidden);
  });

  test('a photo is fetched by WeChat, hidden until its verdict is pushed, shown once passed, never if risky', async () => {
    const me = await miniCustomer();
    const good = (await upload(api, { name: 'a.jpg', data: await phonePhoto(300, 300) }, { token: me.token })).body
      .data;
    const bad = (await upload(api, { name: 'b.jpg', data: await phonePhoto(300, 300) }, { token: me.token })).body.data;
    expect([good.check, bad.check]).toEqual(['pending', 'pending']);
    const [callGood, callBad] = wechat.mediaCalls.slice(-2);
    expect(callGood).toMatchObject({ mediaUrl: `${origin}${good.url}`, fetched: { status: 200 } });
    expect(callGood!.fetched.head.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(callGood!.openid).toMatch(/^o_/);

    const saved = await api.post(
      'saverating',
      { order_id: me.orderId, food_rating: 5, other_rating: 5, comment: '好吃', photo_ids: [good.id, bad.id] },
      { token: me.token },
    );
    expect(saved.body).toMatchObject({ code: ErrorCode.Ok, data: { comment_check: 'pass' } });
    expect(wechat.textCalls.at(-1)).toMatchObject({ content: '好吃', scene: 2, openid: callGood!.openid });
    const id = saved.body.data.id as number;
    expect((await shownPhotos(id)).photos).toEqual([]);

    expect(await wechat.pushVerdict(pushUrl, callGood!.traceId, 'pass')).toEqual({ status: 200, body: 'success' });
    expect(await wechat.pushVerdict(pushUrl, callBad!.traceId, 'risky')).toEqual({ status: 200, body: 'success' });
    // WeChat may push again: nothing changes.
    expect(await wechat.pushVerdict(pushUrl, callBad!.traceId, 'pass')).toEqual({ status: 200, body: 'success' });
    expect((await shownPhotos(id)).photos).toEqual([good.url]);
    const mine = (await api.get('ratingslist', { token: me.token })).body.data.list[0]!;
    expect(mine.photos.map((p) => p.check)).toEqual(['pass', 'risky']);

    // A push that does not check out changes nothing; a verdict for a trace we do not know yet asks for a resend.
    const forged = await wechat.pushVerdict(pushUrl, callBad!.traceId, 'pass', { tamper: true });
    expect(forged.status).toBe(403);
    const unknown = await wechat.pushVerdict(pushUrl, 'trace_not_ours', 'pass');
    expect(unknown.status).toBe(503);
  });

  test('comments: risky is refused, review is held for its author; a revoked token is renewed once', async () => {
    const me = await miniCustomer();
    const refused = await api.post(
      'saverating',
      { order_id: me.orderId, food_rating: 1, other_rating: 1, comment: '这是违规词' },
      { token: me.token, lang: 'en' },
    );
    expect(refused.body).toMatchObject({ code: ErrorCode.Failed, msg: expect.stringMatching(/cannot be published/) });
    wechat.revokeTokens();
    const held = await api.post(
      'saverating',
      { order_id: me.orderId, food_rating: 3, other_rating: 3, comment: '需要待人工看看' },
      { token: me.token },
    );
    expect(held.body).toMatchObject({ code: ErrorCode.Ok, data: { comment_check: 'review' } });
    expect((await shownPhotos(held.body.data.id)).comment).toBe('');
  });

  test('a customer who never used the mini program cannot be checked: words and photos are held', async () => {
    const who = await registerUser(api, await placeOf(t.db));
    const calls = wechat.mediaCalls.length;
    const photo = (await upload(api, { name: 'a.jpg', data: await phonePhoto(200, 200) }, { token: who.token })).body
      .data;
    expect(photo.check).toBe('review');
    expect(wechat.mediaCalls.length).toBe(calls);
  });

  test('plain-text push mode: the signature decides, an encrypted push is refused', () => {
    const check = createRealContentCheck({
      apiBase: wechat.base,
      appId: APPID,
      secret: SECRET,
      pushToken: TOKEN,
      pushAesKey: '',
    });
    const message = { MsgType: 'event', Event: 'wxa_media_check', trace_id: 't1', result: { suggest: 'risky' } };
    const q = (query: string) => Object.fromEntries(new URLSearchParams(query));
    // The stand-in signs in safe mode here; its query alone (no Encrypt body) is a valid plain push signature.
    const safe = wechat.pushRequest(message);
    expect(check.readPush({ query: q(safe.query), body: safe.body })).toBeNull();
    expect(check.readPush({ query: q(safe.query), body: message })).toEqual({
      kind: 'media_check',
      traceId: 't1',
      verdict: 'risky',
    });
    expect(check.readPush({ query: { ...q(safe.query), signature: 'f'.repeat(40) }, body: message })).toBeNull();
  });
});
