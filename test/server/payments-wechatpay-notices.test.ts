/**
 * WeChat Pay notifications, refunds and retries through the whole server (HTTP endpoint, database), on SQLite and
 * PostgreSQL, in each verification mode (WeChat Pay public key, platform certificates, both during a migration): the
 * real client and handler against the stand-in. A good signature pays once; a bad signature, a stale timestamp, an
 * unknown serial, a probe and a resource encrypted with another key are refused with FAIL and change nothing; so are
 * a wrong amount, another merchant or app and an unknown order; duplicates and out-of-order notices change nothing;
 * a refund is followed to SUCCESS by its notification; a refund the provider refused, or whose answer was lost, is
 * retried with the same number (50 retries at once) and refunds once.
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import type { Integrations } from '../../server/src/integrations';
import { paymentProviders } from '../../server/src/integrations/payments';
import { startWechatPayStandin, type WechatPayStandin } from '../../standins/wechatpay';
import { wechatStandinKeys } from '../support/standin-keys';
import { registerUser, type Registered } from './support/accounts';
import { DIALECTS, useTestApp } from './support/app';
import { testClock } from './support/clock';
import { ordersServiceOf, paymentsServiceOf, placeOrder, statusOf } from './support/orders';
import { wechatPayFor } from './support/standins';

const MODES = ['public-key', 'certificate', 'both'] as const;

describe.each(DIALECTS)('WeChat Pay notifications through the server on %s', (dialect) => {
  describe.each(MODES)('%s mode', (mode) => {
    let me: Registered;
    let standin: WechatPayStandin;
    const clock = testClock();
    const integrations: Partial<Integrations> = {};
    beforeAll(async () => {
      standin = await startWechatPayStandin({
        mode,
        now: clock.now,
        appIds: ['wxmp', 'wxoa'],
        keys: wechatStandinKeys,
      });
      const wechat = wechatPayFor(standin, clock.now, mode);
      integrations.payments = paymentProviders(wechat);
    });
    afterAll(() => standin?.close());
    const t = useTestApp(dialect, { clock, config: { PUBLIC_BASE_URL: 'https://szeat.test' }, integrations });
    const { api } = t;
    beforeAll(async () => {
      me = await registerUser(api, t.place);
    });
    beforeEach(() => {
      Object.assign(standin.behaviour, { hold: true, drop: false, refunds: 'instant', refundFailure: null });
      standin.held.splice(0);
    });

    const NOTIFY = 'https://szeat.test/api/szeat/payments/notify/wechat';
    const deliver = (d: { url: string; headers: Record<string, string>; body: string }) =>
      api.post(new URL(d.url).pathname, d.body, { headers: d.headers });
    async function desktopOrder() {
      const o = await placeOrder(t, api, me.token, { method: 'wechat' });
      const ticket = (await api.post('pay', { order_id: o.id, platform: 'h5' }, { token: me.token })).body.data;
      return { ...o, no: ticket.out_trade_no as string, codeUrl: standin.trades.get(ticket.out_trade_no)!.code_url! };
    }
    /** The order paid at the stand-in, its notification held (not delivered yet). */
    async function paidAtWechat() {
      const o = await desktopOrder();
      await standin.scan(o.codeUrl);
      return { ...o, note: standin.held.pop()! };
    }
    const events = (no: string) =>
      t.db.kysely
        .selectFrom('payment_events')
        .select(['source', 'outcome', 'raw_state'])
        .where('out_trade_no', '=', no)
        .orderBy('id')
        .execute();
    const refusals = () =>
      t.db.kysely
        .selectFrom('payment_events')
        .select(['outcome', 'raw_state'])
        .where('out_trade_no', '=', '')
        .orderBy('id')
        .execute();
    /** A notification whose resource is encrypted with a key that is not our APIv3 key, properly signed. */
    function encryptedWithAnotherKey(resource: object) {
      const nonce = randomBytes(6).toString('hex');
      const cipher = createCipheriv('aes-256-gcm', randomBytes(32), Buffer.from(nonce, 'utf8'));
      cipher.setAAD(Buffer.from('transaction', 'utf8'));
      const data = Buffer.concat([
        cipher.update(JSON.stringify(resource), 'utf8'),
        cipher.final(),
        cipher.getAuthTag(),
      ]);
      const body = JSON.stringify({
        id: randomBytes(8).toString('hex'),
        event_type: 'TRANSACTION.SUCCESS',
        resource_type: 'encrypt-resource',
        resource: {
          original_type: 'transaction',
          algorithm: 'AEAD_AES_256_GCM',
          ciphertext: data.toString('base64'),
          nonce,
          associated_data: 'transaction',
        },
      });
      return { url: NOTIFY, headers: { 'content-type': 'application/json', ...standin.sign(body) }, body };
    }

    test('signatures: bad, stale, unknown serial, probe, another key: FAIL and unpaid; the good one pays once', async () => {
      const o = await paidAtWechat();
      const before = (await refusals()).length;
      const refused = async (d: { url: string; headers: Record<string, string>; body: string }, reason: string) => {
        const res = await deliver(d);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.body).toMatchObject({ code: 'FAIL' });
        expect(await statusOf(t, o.id)).toBe(0);
        expect((await refusals()).at(-1)).toMatchObject({ raw_state: reason });
      };
      await refused({ ...o.note, body: o.note.body.replace('"encrypt-resource"', '"encrypt-resource" ') }, 'signature');
      const staleAt = Math.floor(clock.now() / 1000) - 300;
      await refused(
        { ...o.note, headers: { ...o.note.headers, ...standin.sign(o.note.body, undefined, staleAt) } },
        'timestamp',
      );
      const future = Math.floor(clock.now() / 1000) + 300;
      await refused(
        { ...o.note, headers: { ...o.note.headers, ...standin.sign(o.note.body, undefined, future) } },
        'timestamp',
      );
      await refused(
        { ...o.note, headers: { ...o.note.headers, 'wechatpay-serial': 'PUB_KEY_ID_0000000000000000000000' } },
        'serial',
      );
      await refused(
        { ...o.note, headers: { ...o.note.headers, 'wechatpay-signature': 'WECHATPAY/SIGNTEST/AAAA' } },
        'probe',
      );
      await refused(encryptedWithAnotherKey(standin.transactionOf(o.no)), 'decrypt');
      expect((await refusals()).length - before).toBe(6);

      // Within the window (4:59 old) it verifies: paid once, answered SUCCESS.
      const almost = {
        ...o.note,
        headers: { ...o.note.headers, ...standin.sign(o.note.body, undefined, staleAt + 1) },
      };
      expect((await deliver(almost)).body).toEqual({ code: 'SUCCESS', message: 'paid' });
      expect(await statusOf(t, o.id)).toBe(6);
      expect((await deliver(o.note)).body).toEqual({ code: 'SUCCESS', message: 'duplicate' });
      expect((await events(o.no)).filter((e) => e.outcome === 'paid')).toHaveLength(1);
    });

    if (mode === 'both') {
      test('during the migration notices signed by a certificate and by the public key both pay', async () => {
        for (const signer of ['certificate', 'public-key'] as const) {
          const o = await desktopOrder();
          standin.behaviour.signer = signer;
          await standin.scan(o.codeUrl);
          standin.behaviour.signer = null;
          const note = standin.held.pop()!;
          expect(note.headers['wechatpay-serial']!.startsWith('PUB_KEY_ID_')).toBe(signer === 'public-key');
          expect((await deliver(note)).body).toEqual({ code: 'SUCCESS', message: 'paid' });
          expect(await statusOf(t, o.id)).toBe(6);
        }
      });
    }

    if (mode !== 'public-key') {
      test('a rotated platform certificate: its first notice is verified after downloading it', async () => {
        const o = await desktopOrder();
        standin.rotateCertificate();
        clock.advance(61_000);
        standin.behaviour.signer = 'certificate';
        await standin.scan(o.codeUrl);
        standin.behaviour.signer = null;
        expect((await deliver(standin.held.pop()!)).body).toEqual({ code: 'SUCCESS', message: 'paid' });
      });
    }

    if (mode !== 'public-key') return;

    test('wrong amount, another merchant, another app, an unknown order: FAIL, recorded, unpaid; then the true one pays', async () => {
      const o = await paidAtWechat();
      const tx = standin.transactionOf(o.no);
      const wrongAmount = standin.notification(NOTIFY, 'TRANSACTION.SUCCESS', {
        ...tx,
        amount: { ...tx.amount, total: tx.amount.total - 1, payer_total: tx.amount.total - 1 },
      });
      const res = await deliver(wrongAmount);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'FAIL', message: 'wrong_amount' });
      for (const other of [{ mchid: '1999999999' }, { appid: 'wxsomebodyelse' }]) {
        const r = await deliver(standin.notification(NOTIFY, 'TRANSACTION.SUCCESS', { ...tx, ...other }));
        expect(r.body).toEqual({ code: 'FAIL', message: 'wrong_merchant' });
      }
      const unknown = await deliver(
        standin.notification(NOTIFY, 'TRANSACTION.SUCCESS', { ...tx, out_trade_no: 'SZ2099010199999WED' }),
      );
      expect(unknown.body).toEqual({ code: 'FAIL', message: 'unknown_order' });
      expect(await statusOf(t, o.id)).toBe(0);
      expect((await events(o.no)).map((e) => e.outcome)).toEqual(['created', 'wrong_amount']);

      expect((await deliver(o.note)).body).toEqual({ code: 'SUCCESS', message: 'paid' });
      expect(await statusOf(t, o.id)).toBe(6);
    });

    test('duplicates and out-of-order notices: a CLOSED notice after SUCCESS, SUCCESS after the refund: nothing moves', async () => {
      standin.behaviour.copies = 3;
      const o = await paidAtWechat();
      standin.behaviour.copies = 1;
      const replies = await Promise.all([deliver(o.note), deliver(o.note), deliver(o.note)]);
      expect(replies.map((r) => r.body.message).sort()).toEqual(['duplicate', 'duplicate', 'paid']);
      const closed = standin.notification(NOTIFY, 'TRANSACTION.SUCCESS', {
        ...standin.transactionOf(o.no),
        trade_state: 'CLOSED',
      });
      expect((await deliver(closed)).body).toEqual({ code: 'SUCCESS', message: 'closed' });
      expect(await statusOf(t, o.id)).toBe(6);

      const move = await ordersServiceOf(t, clock.now).refund(o.id, { actor: 'operator' });
      expect(move.provider_refund).toMatchObject({ state: 'done' });
      expect(await statusOf(t, o.id)).toBe(5);
      // The original payment notice comes again after the refund: no second payment, no second refund.
      expect((await deliver(o.note)).body).toEqual({ code: 'SUCCESS', message: 'duplicate' });
      expect(await statusOf(t, o.id)).toBe(5);
      expect([...standin.refunds.values()].filter((r) => r.out_trade_no === o.no)).toHaveLength(1);
      // The refund's own notification (held) arrives late: the refund stays done.
      const refundNote = standin.held.find((d) => d.body.includes('REFUND.SUCCESS'))!;
      expect((await deliver(refundNote)).body).toEqual({ code: 'SUCCESS', message: 'refund' });
      const refunds = await t.db.kysely
        .selectFrom('payment_refunds')
        .selectAll()
        .where('out_trade_no', '=', o.no)
        .execute();
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ state: 'done', raw_state: 'SUCCESS' });
    });

    test('a refund under way is followed to SUCCESS by its notification; a query after it changes nothing', async () => {
      const o = await paidAtWechat();
      await deliver(o.note);
      standin.behaviour.refunds = 'processing';
      const move = await ordersServiceOf(t, clock.now).refund(o.id, { actor: 'operator' });
      expect(move.provider_refund).toMatchObject({ state: 'pending', refund_no: `R${o.no}` });
      const row = () =>
        t.db.kysely
          .selectFrom('payment_refunds')
          .selectAll()
          .where('out_trade_no', '=', o.no)
          .executeTakeFirstOrThrow();
      expect(await row()).toMatchObject({ state: 'pending', raw_state: 'PROCESSING' });
      await standin.settleRefunds('SUCCESS');
      const note = standin.held.pop()!;
      expect(note.body).toContain('REFUND.SUCCESS');
      expect((await deliver(note)).body).toEqual({ code: 'SUCCESS', message: 'refund' });
      expect(await row()).toMatchObject({ state: 'done', raw_state: 'SUCCESS' });
      expect((await row()).refund_id).toMatch(/^5030/);
      await paymentsServiceOf(t, clock.now).followRefunds();
      expect(await row()).toMatchObject({ state: 'done' });
      expect((await events(o.no)).map((e) => `${e.source}:${e.outcome}`)).toEqual([
        'create:created',
        'notify:paid',
        'refund:refund_pending',
        'refund_notify:refund_done',
      ]);
    });

    test.each(['refuse', 'lose-answer'] as const)(
      'a refund that failed (%s) is retried with the same number: 50 retries at once refund once',
      async (failure) => {
        const o = await paidAtWechat();
        await deliver(o.note);
        standin.behaviour.refundFailure = failure;
        const move = await ordersServiceOf(t, clock.now).refund(o.id, { actor: 'operator' });
        expect(move.provider_refund).toMatchObject({ state: 'failed' });
        expect(await statusOf(t, o.id)).toBe(5);
        const atWechat = () => [...standin.refunds.values()].filter((r) => r.out_trade_no === o.no);
        expect(atWechat()).toHaveLength(failure === 'refuse' ? 0 : 1);

        standin.behaviour.refundFailure = null;
        const payments = paymentsServiceOf(t, clock.now);
        const retries = await Promise.all(Array.from({ length: 50 }, () => payments.retryRefunds(o.id)));
        const sent = retries.flat().filter((r) => r.sent);
        expect(sent).toHaveLength(1);
        expect(sent[0]).toMatchObject({ refund_no: `R${o.no}`, state: 'done' });
        expect(atWechat()).toHaveLength(1);
        expect(atWechat()[0]!.out_refund_no).toBe(`R${o.no}`);
        const rows = await t.db.kysely.selectFrom('payment_refunds').selectAll().where('order_id', '=', o.id).execute();
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ state: 'done', raw_state: 'SUCCESS' });
        // Nothing left to retry.
        expect(await payments.retryRefunds(o.id)).toEqual([]);
      },
    );
  });
});
