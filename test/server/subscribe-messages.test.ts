/**
 * WeChat subscribe messages (issue 18): the mini program reports the templates a customer allowed (one-time grants,
 * counted per customer and template); a status change sends its message through the WeChat client once per grant,
 * never without one, at most once per event (50 parallel senders, 50 events on one grant: one send); fields within
 * WeChat's limits; the page opens the order; zh_CN / en_US by the customer's language. The sandbox keeps an outbox;
 * the real client is tested against a local stand-in of the protocol. SQLite and PostgreSQL.
 */
import { createAppJobs } from '../../server/src/app-jobs';
import { subscribeFieldProblem, fitSubscribeField } from '../../server/src/integrations/wechat';
import { createRealWechat } from '../../server/src/integrations/wechat/real';
import { createNotifyService, mpOpenidOf } from '../../server/src/modules/notify/service';
import { createAppUnitOfWork } from '../../server/src/modules/repositories';
import { startWechatSubscribe } from '../../standins/wechat-subscribe';
import { runMerchantsCli } from '../../server/src/merchants-cli';
import { type Registered, registerUser } from './support/accounts';
import { DIALECTS, useTestApp } from './support/app';
import { ORDER_RID, placeOrder } from './support/orders';

describe.each(DIALECTS)('subscribe messages on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api, clock } = t;
  let staff: Registered;
  const outbox = () => t.integrations.wechat.subscribeOutbox!;
  const jobs = () =>
    createAppJobs({
      config: t.config,
      db: t.db,
      integrations: t.integrations,
      now: clock.now,
      runner: { pollMs: 3_600_000 },
    });

  beforeAll(async () => {
    staff = await registerUser(api, t.place);
    const code = await runMerchantsCli(
      ['add', String(ORDER_RID), staff.email, '--role', 'staff'],
      { out: () => undefined, err: () => undefined },
      { db: t.db, config: t.config, now: clock.now },
    );
    expect(code).toBe(0);
  });

  /** A customer who uses the mini program (its openid linked), in `language`. */
  async function mpCustomer(language: 'cn' | 'en' = 'cn') {
    const c = await registerUser(api, t.place);
    const openid = `o_test_${dialect}_${c.id}`;
    await t.db.kysely
      .insertInto('wechat_identities')
      .values({
        user_id: c.id,
        app: 'mp',
        appid: t.integrations.wechat.miniProgramAppId,
        openid,
        unionid: null,
        created_at: clock.now(),
      })
      .execute();
    await t.db.kysely.updateTable('users').set({ language }).where('id', '=', c.id).execute();
    return { ...c, openid };
  }
  const templates = async () => (await api.get('subscribe/templates')).body.data as Record<string, string>;
  const grant = async (token: string, results: Record<string, string>) =>
    (await api.post('subscribe/grant', { results }, { token })).body;
  const sendsOf = (orderId: number) =>
    t.db.kysely.selectFrom('subscribe_sends').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

  test('the templates in use; accepted answers count as grants, others and unknown ids do not; login needed', async () => {
    const ids = await templates();
    expect(ids).toEqual({
      accepted: 'sandbox-order-accepted',
      ready: 'sandbox-order-ready',
      delivered: 'sandbox-order-delivered',
    });
    const c = await mpCustomer();
    const res = await grant(c.token, {
      [ids.accepted!]: 'accept',
      [ids.ready!]: 'reject',
      [ids.delivered!]: 'ban',
      'someone-else': 'accept',
    });
    expect(res).toMatchObject({ code: 1000, data: { accepted: 1, ready: 0, delivered: 0 } });
    expect((await grant(c.token, { [ids.accepted!]: 'accept' })).data.accepted).toBe(2);
    expect((await api.post('subscribe/grant', { results: {} })).body.code).not.toBe(1000);
  });

  test('accepted, ready, delivered: one message each per grant, fields within limits, the page opens the order', async () => {
    const ids = await templates();
    const c = await mpCustomer('cn');
    await grant(c.token, { [ids.accepted!]: 'accept', [ids.ready!]: 'accept', [ids.delivered!]: 'accept' });
    const o = await placeOrder(t, api, c.token, { method: 'cod' });
    const before = outbox().length;
    expect(
      (await api.post('merchant/accept', { order_id: o.id, prep_minutes: 20 }, { token: staff.token })).body.code,
    ).toBe(1000);
    const j = jobs();
    expect(await j.notify.sendDue(clock.now())).toMatchObject({ sent: 1 });
    // Again: nothing more (the event was looked at once).
    expect(await j.notify.sendDue(clock.now())).toMatchObject({ sent: 0 });
    const m = outbox().slice(before);
    expect(m).toHaveLength(1);
    expect(m[0]).toMatchObject({
      openid: c.openid,
      templateId: ids.accepted,
      page: `screens/order/detail/index?orderId=${o.id}`,
      lang: 'zh_CN',
      data: {
        character_string1: expect.stringMatching(/^SZ\d+$/),
        thing2: expect.any(String),
        time3: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
        thing4: '商家已接单，备餐约20分钟',
      },
    });
    for (const [k, v] of Object.entries(m[0]!.data)) expect(subscribeFieldProblem(k, v)).toBeNull();
    // Along the path: preparing (nothing), ready (with the courier), on the way (nothing), delivered.
    for (let i = 0; i < 4; i++) {
      expect((await api.post('merchant/advance', { order_id: o.id }, { token: staff.token })).body.code).toBe(1000);
    }
    await j.notify.sendDue(clock.now());
    expect(
      outbox()
        .slice(before)
        .map((x) => x.templateId),
    ).toEqual([ids.accepted, ids.ready, ids.delivered]);
    expect((await sendsOf(o.id)).map((s) => [s.template, s.state])).toEqual([
      ['accepted', 'sent'],
      ['ready', 'sent'],
      ['delivered', 'sent'],
    ]);
    expect((await api.post('subscribe/grant', { results: {} }, { token: c.token })).body.data).toEqual({
      accepted: 0,
      ready: 0,
      delivered: 0,
    });
  });

  test('never without a grant; an English customer gets en_US; no mini program openid: nothing sent, grant kept', async () => {
    const ids = await templates();
    const none = await mpCustomer('en');
    const o1 = await placeOrder(t, api, none.token, { method: 'cod' });
    const before = outbox().length;
    await api.post('merchant/accept', { order_id: o1.id, prep_minutes: 15 }, { token: staff.token });
    await jobs().notify.sendDue(clock.now());
    expect(outbox().length).toBe(before);
    expect((await sendsOf(o1.id)).map((s) => s.state)).toEqual(['no_grant']);
    // A grant given after the change does not send the old change.
    await grant(none.token, { [ids.accepted!]: 'accept' });
    await jobs().notify.sendDue(clock.now());
    expect(outbox().length).toBe(before);
    const o2 = await placeOrder(t, api, none.token, { method: 'cod' });
    await api.post('merchant/accept', { order_id: o2.id, prep_minutes: 15 }, { token: staff.token });
    await jobs().notify.sendDue(clock.now());
    expect(outbox().slice(before)).toMatchObject([
      { openid: none.openid, lang: 'en_US', data: { thing4: 'Ready in 15 min' } },
    ]);

    const web = await registerUser(api, t.place);
    await grant(web.token, { [ids.accepted!]: 'accept' });
    const o3 = await placeOrder(t, api, web.token, { method: 'cod' });
    await api.post('merchant/accept', { order_id: o3.id }, { token: staff.token });
    await jobs().notify.sendDue(clock.now());
    expect((await sendsOf(o3.id)).map((s) => s.state)).toEqual(['no_openid']);
    expect((await api.post('subscribe/grant', { results: {} }, { token: web.token })).body.data.accepted).toBe(1);
  });

  test('50 parallel: 50 events on one grant send exactly one; one event seen by 50 senders sends once', async () => {
    const ids = await templates();
    const c = await mpCustomer();
    await grant(c.token, { [ids.accepted!]: 'accept' });
    const o = await placeOrder(t, api, c.token, { method: 'cod' });
    await api.post('merchant/accept', { order_id: o.id }, { token: staff.token });
    const base = 900_000_000 + (dialect === 'postgres' ? 100_000 : 0);
    const event = (i: number) => ({
      id: base + i,
      order_id: o.id,
      user_id: c.id,
      payload: JSON.stringify({ from: 6, status: 10, actor: 'merchant' }),
      at: clock.now(),
    });
    // Every sender its own service, as separate instances would be.
    const sender = () =>
      createNotifyService({
        uow: createAppUnitOfWork(t.db.kysely),
        wechat: t.integrations.wechat,
        templates: { accepted: ids.accepted! },
        openidOf: mpOpenidOf(createAppUnitOfWork(t.db.kysely), t.integrations.wechat.miniProgramAppId),
        now: clock.now,
      });
    const before = outbox().length;
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => sender().handle(event(i))));
    expect(results.filter((r) => r === 'sent')).toHaveLength(1);
    expect(results.filter((r) => r === 'no_grant')).toHaveLength(49);
    expect(outbox().length).toBe(before + 1);

    for (let i = 0; i < 5; i++) await grant(c.token, { [ids.accepted!]: 'accept' });
    const same = await Promise.all(Array.from({ length: 50 }, () => sender().handle(event(100))));
    expect(same.filter((r) => r === 'sent')).toHaveLength(1);
    expect(same.filter((r) => r === 'seen')).toHaveLength(49);
    expect(outbox().length).toBe(before + 2);
    expect((await api.post('subscribe/grant', { results: {} }, { token: c.token })).body.data.accepted).toBe(4);
  });

  test('a collection order marked ready sends "ready for collection" with its code, once, only with a grant; zh_CN and en_US', async () => {
    const ids = await templates();
    const j = jobs();
    const toPreparing = async (token: string) => {
      const o = await placeOrder(t, api, token, { method: 'cod', mode: 'collection' });
      await api.post('merchant/accept', { order_id: o.id }, { token: staff.token });
      await api.post('merchant/advance', { order_id: o.id, from: 10 }, { token: staff.token });
      return o;
    };
    const codeOf = async (id: number) =>
      (await t.db.kysely.selectFrom('orders').select('collection_code').where('id', '=', id).executeTakeFirstOrThrow())
        .collection_code!;
    for (const [language, lang, note] of [
      ['cn', 'zh_CN', (code: string) => `可取餐，取餐码${code}`],
      ['en', 'en_US', (code: string) => `Ready · code ${code}`],
    ] as const) {
      const c = await mpCustomer(language);
      await grant(c.token, { [ids.ready!]: 'accept' });
      const o = await toPreparing(c.token);
      await j.notify.sendDue(clock.now());
      const before = outbox().length;
      // Being prepared, not yet ready: nothing for the ready template.
      expect(await j.notify.sendDue(clock.now())).toMatchObject({ sent: 0 });
      expect((await api.post('merchant/ready', { order_id: o.id }, { token: staff.token })).body.code).toBe(1000);
      expect((await api.post('merchant/ready', { order_id: o.id }, { token: staff.token })).body.code).toBe(1000);
      expect(await j.notify.sendDue(clock.now())).toMatchObject({ sent: 1 });
      expect(await j.notify.sendDue(clock.now())).toMatchObject({ sent: 0 });
      const m = outbox().slice(before);
      expect(m).toEqual([
        {
          openid: c.openid,
          templateId: ids.ready,
          page: `screens/order/detail/index?orderId=${o.id}`,
          lang,
          data: {
            character_string1: expect.stringMatching(/^SZ\d+$/),
            thing2: expect.any(String),
            thing3: note(await codeOf(o.id)),
          },
        },
      ]);
      for (const [k, v] of Object.entries(m[0]!.data)) expect(subscribeFieldProblem(k, v)).toBeNull();
      expect((await sendsOf(o.id)).filter((s) => s.template === 'ready').map((s) => s.state)).toEqual(['sent']);
    }
    // Without a grant: recorded, nothing sent.
    const none = await mpCustomer('cn');
    const o = await toPreparing(none.token);
    const before = outbox().length;
    await api.post('merchant/ready', { order_id: o.id }, { token: staff.token });
    await j.notify.sendDue(clock.now());
    expect(outbox().length).toBe(before);
    expect((await sendsOf(o.id)).filter((s) => s.template === 'ready').map((s) => s.state)).toEqual(['no_grant']);
  });

  test('field limits: long names are cut within 20 characters, order numbers keep their characters', () => {
    const long = '东门兰州牛肉拉面东门兰州牛肉拉面东门兰州牛肉拉面';
    const fitted = fitSubscribeField('thing2', long);
    expect([...fitted]).toHaveLength(20);
    expect(fitted.endsWith('…')).toBe(true);
    expect(subscribeFieldProblem('thing2', fitted)).toBeNull();
    expect(subscribeFieldProblem('thing2', long)).toMatch(/at most 20/);
    expect(fitSubscribeField('character_string1', '2030 0101 0088 订单')).toBe('203001010088');
    expect(subscribeFieldProblem('phrase3', '已接单')).toBeNull();
    expect(subscribeFieldProblem('phrase3', 'accepted')).not.toBeNull();
    expect(subscribeFieldProblem('time3', '2030-01-01 12:05')).toBeNull();
    expect(subscribeFieldProblem('thing4', '')).not.toBeNull();
  });
});

describe('the real WeChat client sends subscribe messages by the protocol (local stand-in)', () => {
  test('sent with the token, refused without a grant (43101) and out of limits (47003); a revoked token is renewed', async () => {
    const standin = await startWechatSubscribe({ appId: 'wx-test-mp', secret: 's3cret' });
    try {
      const wechat = createRealWechat({
        apiBase: standin.url,
        oauthBase: standin.url,
        mpAppId: 'wx-test-mp',
        mpSecret: 's3cret',
        oaAppId: 'wx-test-oa',
        oaSecret: 'x',
        envVersion: 'trial',
      });
      const message = {
        openid: 'o_user_1',
        templateId: 'TPL_ACCEPTED',
        page: 'screens/order/detail/index?orderId=7',
        data: { character_string1: '203001010007', thing2: '东门兰州牛肉拉面', time3: '2030-01-01 12:05' },
        lang: 'zh_CN' as const,
      };
      await expect(wechat.sendSubscribeMessage(message)).rejects.toMatchObject({ errcode: 43101 });
      standin.grant('o_user_1', 'TPL_ACCEPTED');
      await wechat.sendSubscribeMessage(message);
      expect(standin.sent).toEqual([
        {
          touser: 'o_user_1',
          template_id: 'TPL_ACCEPTED',
          page: 'screens/order/detail/index?orderId=7',
          data: {
            character_string1: { value: '203001010007' },
            thing2: { value: '东门兰州牛肉拉面' },
            time3: { value: '2030-01-01 12:05' },
          },
          miniprogram_state: 'trial',
          lang: 'zh_CN',
        },
      ]);
      // Used up: refused again.
      await expect(wechat.sendSubscribeMessage(message)).rejects.toMatchObject({ errcode: 43101 });
      standin.grant('o_user_1', 'TPL_ACCEPTED');
      await expect(
        wechat.sendSubscribeMessage({ ...message, data: { ...message.data, thing2: 'x'.repeat(21) } }),
      ).rejects.toMatchObject({ errcode: 47003 });
      standin.revokeTokens();
      await wechat.sendSubscribeMessage({ ...message, lang: 'en_US' });
      expect(standin.sent).toHaveLength(2);
      expect(standin.refused.map((r) => r.errcode)).toEqual([43101, 43101, 47003, 40001]);
    } finally {
      await standin.close();
    }
  });
});
