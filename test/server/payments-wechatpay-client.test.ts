/**
 * WeChat Pay API v3 client and provider against the stand-in (standins/wechatpay.ts), no database: WeChat Pay's
 * published signature examples, request signing the stand-in verifies, answers and notifications verified (public
 * key, certificates, both), timestamps, serials, probes, AES-256-GCM decryption, prepay per channel, query, close,
 * refund with a stable number, the trade bill and its SHA1.
 */
import { createPrivateKey, createVerify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { createWechatPayClient } from '../../server/src/integrations/payments/wechatpay/client';
import { authorization, decryptResource, paySign } from '../../server/src/integrations/payments/wechatpay/crypto';
import {
  type createWechatPayProvider,
  parseTradeBill,
} from '../../server/src/integrations/payments/wechatpay/provider';
import type { PaymentProvider } from '../../server/src/integrations/payments/types';
import { keyPair } from '../../standins/keys';
import { startWechatPayStandin, type WechatPayStandin } from '../../standins/wechatpay';
import { strangerKeys, wechatStandinKeys } from '../support/standin-keys';
import { testClock } from './support/clock';
import { wechatPayFor } from './support/standins';

// WeChat Pay's documentation test key and examples (wechatpay-apiv3/wechatpay-skills, 签名与验签规则 §三).
const DOC_KEY = createPrivateKey(fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'wechatpay-doc-test-key.pem')));

describe('WeChat Pay signatures: the published examples', () => {
  test('paySign of JSAPI / mini program with the documentation key', () => {
    expect(
      paySign(
        DOC_KEY,
        'wx2421b1c4370ec43b',
        '1554208460',
        '593BEC0C930BF1AFEB40B4A08C8FB242',
        'prepay_id=wx201410272009395522657a690389285100',
      ),
    ).toBe(
      'mI35pfNEQV6777ke/1T+LJLQDNTm7yeoUJH+j/adPGhmCCi0PbgkvYQTRcXH0uibcLVtvFLdGLpmoYO9FV6lBBsTAjuhh5YOvQi0e2g3e0yytitiNET9FEuqM0pjnKfRW4K6LIZDdbWJv9KhZUx3DrJa5TL7OJ7VdADVivxVySIlPVKjGwuCXzuXSJes0UcILgWQUMyha5/3nYofuHtS7r+KYyMuxD+oJ9VM1Qdxk4UIG59CP5Y3wtYIFybyF3bdu1caHTRRX+DLyMXyYA/IrTmiW01c4RPjpHBX5Dk1sZyY1zVsWNsvMHr2e1NTWtBxKJ+qk5N61J7caYoepHFaxw==',
    );
  });

  test('the Authorization header of a JSAPI prepay request signs METHOD, path, timestamp, nonce and the exact body', () => {
    const body =
      '{"appid":"wxd678efh567hg6787","mchid":"1900007291","description":"Image形象店-深圳腾大-QQ公仔","out_trade_no":"1217752501201407033233368018","notify_url":"https://www.weixin.qq.com/wxpay/pay.php","amount":{"total":100,"currency":"CNY"},"payer":{"openid":"oUpF8uMuAJO_M2pxb1Q9zNjWeS6o"}}';
    const header = authorization({
      mchid: '1900007291',
      serialNo: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C',
      key: DOC_KEY,
      method: 'POST',
      pathAndQuery: '/v3/pay/transactions/jsapi',
      body,
      timestamp: 1554208460,
      nonceStr: '593BEC0C930BF1AFEB40B4A08C8FB242',
    });
    expect(header).toBe(
      'WECHATPAY2-SHA256-RSA2048 mchid="1900007291",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="' +
        'jnks4dlrPw3ZX+ozVvSK39oa0t7OMBsg83BHAwd8BRdUFiVaQNTLTvci+wURgP1OQBbKYhFGvt7iqYpDSTQkp7Uq1sltaQKyncCyrA1g88m5bsKERQfPyT0ahSwKTYJ1CAn9QiJuSJRq1QsQs07eehbU/k9BCS51jTyc1Jpsi2H77HF9f/BnjXAOP3/sPObg6V5Ee4EzwLox684hhuMuIwHo7D8KFk3LIHOKDcNI4It1aCXydFWNpNK+SG86VUDe5kwoDpw4Ulqfu9z8OFDGbDs9TCxEv8iqQzbpxOlEVoOe2kalSYM5kApQb3nZcxdUtoE0liJGW3RGUNE0t4v01A==' +
        '",timestamp="1554208460",serial_no="1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C"',
    );
  });
});

describe.each(['public-key', 'certificate', 'both'] as const)('WeChat Pay against its stand-in (%s)', (mode) => {
  let standin: WechatPayStandin;
  let provider: PaymentProvider;
  const clock = testClock(Date.now());
  const NOTIFY = 'http://127.0.0.1:9/notify'; // never called: these tests read the notices the stand-in would send
  const [MP, OA] = ['wxstandinminiprog', 'wxstandinofficial'];
  const makeProvider = (over: Partial<Parameters<typeof createWechatPayProvider>[0]> = {}) =>
    wechatPayFor(standin, clock.now, mode, { mpAppId: MP, oaAppId: OA, ...over });
  beforeAll(async () => {
    standin = await startWechatPayStandin({ mode, now: clock.now, appIds: [MP, OA], keys: wechatStandinKeys });
    provider = makeProvider();
  });
  afterAll(() => standin.close());
  beforeEach(() => {
    standin.behaviour.hold = true; // notifications are read from `held`, not sent
    standin.behaviour.signer = null;
    standin.held.splice(0);
  });

  let seq = 0;
  const input = (channel: 'weapp' | 'wechat-browser' | 'desktop' | 'mobile', over: object = {}) => ({
    orderId: 1,
    orderNo: 'SZ1',
    lang: 'cn' as const,
    outTradeNo: `T${mode.length}${Date.now() % 1e6}${++seq}`,
    amountFen: 3850,
    description: 'szeat 湘菜馆',
    channel,
    notifyUrl: NOTIFY,
    returnUrl: 'https://szeat.test/paySucc/1',
    cancelUrl: 'https://szeat.test/paySucc/1?cancelled=1',
    expiresAt: clock.now() + 15 * 60_000,
    openid: 'o-payer',
    clientIp: '203.0.113.7',
    ...over,
  });

  test('prepay per channel: mini program, WeChat browser, Native and H5; the stand-in checked every signature', async () => {
    const weapp = await provider.create(input('weapp'));
    expect(Object.keys(weapp.weapp!).sort()).toEqual(['nonceStr', 'package', 'paySign', 'signType', 'timeStamp']);
    expect(weapp.weapp!.signType).toBe('RSA');
    // paySign verifies with the merchant's public key over the mini program's appid.
    const w = weapp.weapp!;
    const ok = createVerify('RSA-SHA256')
      .update(`${MP}\n${w.timeStamp}\n${w.nonceStr}\n${w.package}\n`)
      .verify(standin.merchant.publicKey, w.paySign, 'base64');
    expect(ok).toBe(true);
    const trade = [...standin.trades.values()].at(-1)!;
    expect(trade).toMatchObject({ appid: MP, trade_type: 'JSAPI', openid: 'o-payer', total: 3850 });
    expect(trade.time_expire).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);

    const browser = await provider.create(input('wechat-browser'));
    expect(browser.jsapi).toMatchObject({ appId: OA, signType: 'RSA' });
    const native = await provider.create(input('desktop'));
    expect(native.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const h5 = await provider.create(input('mobile'));
    expect(h5.cashierUrl).toContain('/standin/h5pay?');
    expect(new URL(h5.cashierUrl!).searchParams.get('redirect_url')).toBe('https://szeat.test/paySucc/1');
    const h5Trade = [...standin.trades.values()].at(-1)!;
    expect(h5Trade).toMatchObject({ trade_type: 'MWEB', payer_client_ip: '203.0.113.7' });
    expect(standin.requests.every((r) => r.ok)).toBe(true);
  });

  test('the same out_trade_no with other parameters is refused; with the same ones it is the same trade', async () => {
    const first = input('desktop');
    const a = await provider.create(first);
    expect((await provider.create(first)).codeUrl).toBe(a.codeUrl);
    await expect(provider.create({ ...first, amountFen: 1 })).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
  });

  test('a request signed with another key is refused with SIGN_ERROR; an answer signed by someone else is not read', async () => {
    const { privateKey } = keyPair(strangerKeys[0]);
    const forged = makeProvider({ privateKey });
    await expect(forged.create(input('desktop'))).rejects.toMatchObject({ code: 'SIGN_ERROR' });
    expect(standin.requests.at(-1)).toMatchObject({ ok: false });
    // Our client trusting another WeChat Pay key: the stand-in's answer does not verify.
    const other = keyPair(strangerKeys[1]);
    const distrustful = makeProvider({
      publicKey: { id: standin.platform.publicKeyId, key: other.publicKey },
      certificates: false,
    });
    await expect(distrustful.query('nothing')).rejects.toMatchObject({ code: 'ANSWER_NOT_VERIFIED' });
  });

  test('notifications: verified, decrypted, checked; bad signature, stale timestamp, unknown serial, probe, wrong key, other merchant', async () => {
    const i = input('desktop');
    const created = await provider.create(i);
    await standin.scan(created.codeUrl!);
    const note = standin.held.pop()!;
    const parsed = await provider.parseNotification(note.headers, note.body);
    expect(parsed).toMatchObject({
      ok: true,
      notice: { kind: 'payment', outTradeNo: i.outTradeNo, amountFen: 3850, state: 'paid', rawState: 'SUCCESS' },
    });
    if (parsed.ok && parsed.notice.kind === 'payment') expect(parsed.notice.transactionId).toMatch(/^4200/);

    const tampered = note.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ');
    expect(await provider.parseNotification(note.headers, tampered)).toEqual({ ok: false, reason: 'signature' });
    const staleAt = Math.floor(clock.now() / 1000) - 300;
    const stale = { ...note.headers, ...standin.sign(note.body, undefined, staleAt) };
    expect(await provider.parseNotification(stale, note.body)).toEqual({ ok: false, reason: 'timestamp' });
    const almost = { ...note.headers, ...standin.sign(note.body, undefined, staleAt + 1) };
    expect((await provider.parseNotification(almost, note.body)).ok).toBe(true);
    const unknown = { ...note.headers, 'wechatpay-serial': 'PUB_KEY_ID_0000000000000000000000' };
    expect(await provider.parseNotification(unknown, note.body)).toEqual({ ok: false, reason: 'serial' });
    const probe = { ...note.headers, 'wechatpay-signature': 'WECHATPAY/SIGNTEST/AAAA' };
    expect(await provider.parseNotification(probe, note.body)).toEqual({ ok: false, reason: 'probe' });

    const wrongKey = makeProvider({ apiV3Key: 'x'.repeat(32) });
    // With a certificate's serial, the wrong APIv3 key cannot even decrypt the certificates: no key to verify with.
    const byPublicKey = note.headers['wechatpay-serial']!.startsWith('PUB_KEY_ID_');
    expect(await wrongKey.parseNotification(note.headers, note.body)).toEqual({
      ok: false,
      reason: byPublicKey ? 'decrypt' : 'serial',
    });
    const otherMerchant = standin.notification(NOTIFY, 'TRANSACTION.SUCCESS', {
      ...standin.transactionOf(i.outTradeNo),
      mchid: '1999999999',
    });
    expect(await provider.parseNotification(otherMerchant.headers, otherMerchant.body)).toEqual({
      ok: false,
      reason: 'merchant',
    });
    const otherApp = standin.notification(NOTIFY, 'TRANSACTION.SUCCESS', {
      ...standin.transactionOf(i.outTradeNo),
      appid: 'wxsomebodyelse',
    });
    expect(await provider.parseNotification(otherApp.headers, otherApp.body)).toEqual({
      ok: false,
      reason: 'merchant',
    });
  });

  if (mode === 'both') {
    test('during a migration notifications come signed either way; both verify', async () => {
      const i = input('desktop');
      const created = await provider.create(i);
      standin.behaviour.signer = 'certificate';
      await standin.scan(created.codeUrl!);
      standin.behaviour.signer = 'public-key';
      await standin.scan(created.codeUrl!);
      const [byCert, byKey] = standin.held.splice(0);
      expect(byCert!.headers['wechatpay-serial']).not.toMatch(/^PUB_KEY_ID_/);
      expect(byKey!.headers['wechatpay-serial']).toMatch(/^PUB_KEY_ID_/);
      expect((await provider.parseNotification(byCert!.headers, byCert!.body)).ok).toBe(true);
      expect((await provider.parseNotification(byKey!.headers, byKey!.body)).ok).toBe(true);
    });
  }

  if (mode === 'certificate') {
    test('a rotated platform certificate is downloaded when its serial first appears', async () => {
      const fresh = makeProvider();
      const i = input('desktop');
      await fresh.create(i);
      const serial = standin.rotateCertificate();
      clock.advance(61_000); // past the gap between downloads prompted by unknown serials
      await standin.pay(i.outTradeNo);
      const note = standin.held.pop()!;
      expect(note.headers['wechatpay-serial']).toBe(serial);
      expect((await fresh.parseNotification(note.headers, note.body)).ok).toBe(true);
    });
  }

  test('query, close, refund with a stable number (a retry refunds once), refund notification, trade bill', async () => {
    const i = input('desktop');
    const c = await provider.create(i);
    expect(await provider.query(i.outTradeNo)).toMatchObject({ state: 'unpaid', rawState: 'NOTPAY' });
    expect(await provider.query('NEVER-MADE-1')).toMatchObject({ state: 'unpaid', rawState: 'ORDER_NOT_EXIST' });
    await standin.scan(c.codeUrl!);
    const q = await provider.query(i.outTradeNo);
    expect(q).toMatchObject({ state: 'paid', amountFen: 3850, rawState: 'SUCCESS' });
    await expect(provider.close(i.outTradeNo)).rejects.toMatchObject({ code: 'ORDERPAID' });

    const refund = {
      outTradeNo: i.outTradeNo,
      refundNo: `R${i.outTradeNo}`,
      amountFen: 3850,
      totalFen: 3850,
      notifyUrl: NOTIFY,
    };
    const first = await provider.refund(refund);
    expect(first).toMatchObject({ state: 'done', rawState: 'SUCCESS' });
    const again = await provider.refund(refund);
    expect(again.refundId).toBe(first.refundId);
    expect([...standin.refunds.values()].filter((r) => r.out_trade_no === i.outTradeNo)).toHaveLength(1);
    expect(await provider.queryRefund(refund.refundNo, i.outTradeNo)).toMatchObject({ state: 'done' });
    const note = standin.held.pop()!;
    expect(await provider.parseNotification(note.headers, note.body)).toMatchObject({
      ok: true,
      notice: { kind: 'refund', refundNo: refund.refundNo, amountFen: 3850, state: 'done', rawState: 'SUCCESS' },
    });

    const open = input('desktop');
    await provider.create(open);
    await provider.close(open.outTradeNo);
    expect(await provider.query(open.outTradeNo)).toMatchObject({ state: 'closed', rawState: 'CLOSED' });
    expect((await standin.pay(open.outTradeNo)).paid).toBe(false);

    const day = new Date(clock.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const bill = await provider.bill(day);
    expect(bill).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'payment', outTradeNo: i.outTradeNo, amountFen: 3850 }),
        expect.objectContaining({
          kind: 'refund',
          outTradeNo: i.outTradeNo,
          refundNo: refund.refundNo,
          amountFen: 3850,
        }),
      ]),
    );
  });
});

describe('WeChat Pay pieces', () => {
  test('AES-256-GCM: the tag is the last 16 bytes; an altered ciphertext or associated data is refused', async () => {
    const standin = await startWechatPayStandin({ keys: wechatStandinKeys });
    try {
      const enc = standin.encrypt('{"a":1}', 'transaction');
      expect(decryptResource(standin.merchant.apiV3Key, enc)).toBe('{"a":1}');
      expect(() => decryptResource(standin.merchant.apiV3Key, { ...enc, associated_data: 'refund' })).toThrow();
      const bytes = Buffer.from(enc.ciphertext, 'base64');
      bytes[0] = bytes[0]! ^ 1;
      expect(() =>
        decryptResource(standin.merchant.apiV3Key, { ...enc, ciphertext: bytes.toString('base64') }),
      ).toThrow();
    } finally {
      await standin.close();
    }
  });

  test('the trade bill: rows by column name, yuan to fen without floating point, totals ignored', () => {
    const bill = [
      '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注',
      '`2026-10-01 12:00:00,`wx1,`190,`0,`,`4200A,`SZ1WE,`o,`NATIVE,`SUCCESS,`OTHERS,`CNY,`0.30,`0.00,`0,`0,`0.00,`0.00,`,`,`x,`,`0.00,`0.60%,`0.30,`0.00,`',
      '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
      '`1,`0.30,`0.00,`0.00,`0.00,`0.30,`0.00',
    ].join('\n');
    expect(parseTradeBill(bill)).toEqual([
      { kind: 'payment', outTradeNo: 'SZ1WE', transactionId: '4200A', amountFen: 30, rawState: 'SUCCESS' },
    ]);
  });

  test('the client refuses an answer without a valid signature', async () => {
    const server = http.createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"trade_state":"SUCCESS"}'),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { privateKey, publicKey } = keyPair(strangerKeys[0]);
      const client = createWechatPayClient({
        apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        mchid: '1900000109',
        serialNo: 'AB',
        privateKey,
        apiV3Key: 'k'.repeat(32),
        publicKey: { id: 'PUB_KEY_ID_1', key: publicKey },
      });
      await expect(client.query('SZ1')).rejects.toMatchObject({ code: 'ANSWER_NOT_VERIFIED' });
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
