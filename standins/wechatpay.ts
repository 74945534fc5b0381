import { createCipheriv, createHash, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { keyPair } from './keys';
import { certificateSerial, selfSignedCertificate } from './x509';

/**
 * A stand-in for WeChat Pay API v3 on loopback, speaking its protocol with keys it generates: it checks our request
 * signatures (and refuses a bad one with 401 SIGN_ERROR as WeChat Pay does), signs its answers, answers JSAPI / Native
 * / H5 prepay, query, close, refund, refund query, the trade bill and the platform certificates, serves a page where
 * the buyer pays or cancels, and sends signed, AES-256-GCM encrypted notifications (duplicated, held back, dropped, or
 * a SIGNTEST probe on request). Written on its own from the published protocol, sharing no code with our client, so a
 * mistake on one side is not mirrored on the other. Used by the tests and by `npm run payments:standin`; never part
 * of the server.
 */

export type WechatSigner = 'public-key' | 'certificate';

/** Request bodies as the merchant sent them: checked field by field, as WeChat Pay does. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

export interface WechatStandinOptions {
  mchid?: string;
  /** The appids that may prepay (mini program, official account). */
  appIds?: string[];
  /** Which keys sign answers and notifications; `both` alternates notifications between them (a migration). */
  mode?: 'public-key' | 'certificate' | 'both';
  now?: () => number;
  port?: number;
  host?: string;
  log?: (line: string) => void;
  /**
   * RSA private keys (PKCS#8 PEM) to use instead of generating them (2048-bit generation takes a while): the
   * merchant's API key, WeChat Pay's public-key-mode key and the platform certificates' keys, used in turn.
   */
  keys?: { merchant?: string; platform?: string; certificates?: string[] };
}

interface Trade {
  appid: string;
  mchid: string;
  out_trade_no: string;
  description: string;
  notify_url: string;
  time_expire: string;
  total: number;
  trade_type: 'JSAPI' | 'NATIVE' | 'MWEB';
  openid?: string;
  payer_client_ip?: string;
  fingerprint: string;
  prepay_id: string;
  code_url?: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transaction_id?: string;
  success_time?: string;
  refunded: number;
}

interface RefundRecord {
  out_refund_no: string;
  refund_id: string;
  out_trade_no: string;
  transaction_id: string;
  refund: number;
  total: number;
  notify_url?: string;
  status: 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' | 'CLOSED';
  create_time: string;
  success_time?: string;
}

export interface Delivery {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const pem = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }).toString();

const rfc3339 = (ms: number) => `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
const hex = (n: number) => randomBytes(n).toString('hex').toUpperCase();

export async function startWechatPayStandin(options: WechatStandinOptions = {}) {
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => undefined);
  const mchid = options.mchid ?? '1900000109';
  const appIds = options.appIds ?? ['wxstandinminiprog', 'wxstandinofficial'];
  const mode = options.mode ?? 'public-key';

  const certificateKeys = [...(options.keys?.certificates ?? [])];
  // The merchant's API key (WeChat Pay knows its public half from the merchant's API certificate).
  const merchant = keyPair(options.keys?.merchant);
  const merchantSerial = hex(20);
  // WeChat Pay's own keys: the public key (PUB_KEY_ID_…) and a platform certificate, as the mode has them.
  const platformKey = keyPair(options.keys?.platform);
  const publicKeyId = `PUB_KEY_ID_01${hex(14)}`;
  const apiV3Key = randomBytes(16).toString('hex');
  const certificates: Array<{ serial: string; key: KeyObject; pem: string; effective: number; expires: number }> = [];
  function issueCertificate() {
    const pair = keyPair(certificateKeys.shift());
    const serial = certificateSerial();
    const effective = now() - 60_000;
    const expires = now() + 5 * 365 * 86400_000;
    const certPem = selfSignedCertificate({
      serialHex: serial,
      commonName: 'Tenpay.com Root CA (stand-in)',
      publicKey: pair.publicKey,
      privateKey: pair.privateKey,
      notBefore: effective,
      notAfter: expires,
    });
    certificates.push({ serial, key: pair.privateKey, pem: certPem, effective, expires });
    return serial;
  }
  if (mode !== 'public-key') issueCertificate();

  const trades = new Map<string, Trade>();
  const byPrepay = new Map<string, Trade>();
  const refunds = new Map<string, RefundRecord>();
  const bills = new Map<string, string>();
  const held: Delivery[] = [];
  const behaviour = {
    /** Notifications are not sent (a lost notification). */
    drop: false,
    /** Each notification is sent this many times (duplicates). */
    copies: 1,
    /** Notifications wait in `held` until `flush()` (a delayed notification). */
    hold: false,
    /** New refunds stay PROCESSING until `settleRefunds()`; 'abnormal' makes them ABNORMAL. */
    refunds: 'instant' as 'instant' | 'processing' | 'abnormal',
    /**
     * The next refund requests fail: `refuse` answers 500 SYSTEM_ERROR without refunding (a refusal to retry later),
     * `lose-answer` refunds but the answer is lost (500): a retry with the same number must not refund twice.
     */
    refundFailure: null as null | 'refuse' | 'lose-answer',
    /** The next bill downloads are altered after their SHA1 was given (a corrupted download). */
    corruptBill: false,
    /** Which key signs the next notifications in `both` mode (alternates when null). */
    signer: null as WechatSigner | null,
  };
  let alternate = 0;
  const requests: Array<{ method: string; path: string; ok: boolean }> = [];

  function signWith(signer: WechatSigner, body: string, timestamp = Math.floor(now() / 1000)) {
    const nonceStr = hex(16);
    const key = signer === 'public-key' ? platformKey.privateKey : certificates[certificates.length - 1]!.key;
    const serial = signer === 'public-key' ? publicKeyId : certificates[certificates.length - 1]!.serial;
    const signature = createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonceStr}\n${body}\n`, 'utf8')
      .sign(key, 'base64');
    return {
      'wechatpay-timestamp': String(timestamp),
      'wechatpay-nonce': nonceStr,
      'wechatpay-signature': signature,
      'wechatpay-serial': serial,
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
    };
  }
  const answerSigner = (): WechatSigner => (mode === 'certificate' ? 'certificate' : 'public-key');
  function notifySigner(): WechatSigner {
    if (mode !== 'both') return answerSigner();
    if (behaviour.signer) return behaviour.signer;
    return alternate++ % 2 === 0 ? 'certificate' : 'public-key';
  }

  function encrypt(plain: string, associated: string) {
    const nonceStr = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonceStr, 'utf8'));
    cipher.setAAD(Buffer.from(associated, 'utf8'));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return {
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: data.toString('base64'),
      nonce: nonceStr,
      associated_data: associated,
    };
  }

  /** A notification as WeChat Pay sends it: the resource encrypted, the whole body signed. */
  function notification(url: string, eventType: string, resource: object, signer = notifySigner()): Delivery {
    const originalType = eventType.startsWith('REFUND') ? 'refund' : 'transaction';
    const body = JSON.stringify({
      id: randomBytes(16).toString('hex'),
      create_time: rfc3339(now()),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: eventType.startsWith('REFUND') ? '退款成功' : '支付成功',
      resource: { original_type: originalType, ...encrypt(JSON.stringify(resource), originalType) },
    });
    return { url, headers: { 'content-type': 'application/json', ...signWith(signer, body) }, body };
  }

  async function deliver(d: Delivery): Promise<number> {
    try {
      const res = await fetch(d.url, {
        method: 'POST',
        headers: d.headers,
        body: d.body,
        signal: AbortSignal.timeout(5000),
      });
      await res.text();
      return res.status;
    } catch (err) {
      log(`[wechatpay stand-in] notification to ${d.url} failed: ${(err as Error).message}`);
      return 0;
    }
  }

  /** Sends (or drops, holds, duplicates) a notification as the behaviour says; answers the statuses received. */
  async function send(d: Delivery): Promise<number[]> {
    if (behaviour.drop) return [];
    if (behaviour.hold) {
      held.push(d);
      return [];
    }
    const statuses: number[] = [];
    for (let i = 0; i < behaviour.copies; i++) statuses.push(await deliver(d));
    return statuses;
  }

  const transactionOf = (t: Trade) => ({
    appid: t.appid,
    mchid: t.mchid,
    out_trade_no: t.out_trade_no,
    ...(t.transaction_id ? { transaction_id: t.transaction_id } : {}),
    trade_type: t.trade_type,
    trade_state: t.state,
    trade_state_desc: { NOTPAY: '未支付', SUCCESS: '支付成功', CLOSED: '已关闭', REFUND: '转入退款' }[t.state],
    ...(t.success_time ? { success_time: t.success_time, bank_type: 'OTHERS' } : {}),
    payer: t.openid ? { openid: t.openid } : {},
    amount: { total: t.total, payer_total: t.total, currency: 'CNY', payer_currency: 'CNY' },
  });

  /** The buyer pays (scanned the QR, confirmed in the app): the trade is paid once and notified. */
  async function pay(outTradeNo: string): Promise<{ paid: boolean; statuses: number[]; error?: string }> {
    const t = trades.get(outTradeNo);
    if (!t) return { paid: false, statuses: [], error: 'ORDER_NOT_EXIST' };
    if (t.state === 'CLOSED') return { paid: false, statuses: [], error: 'ORDER_CLOSED' };
    if (t.state === 'NOTPAY') {
      if (Date.parse(t.time_expire) <= now()) return { paid: false, statuses: [], error: 'ORDER_EXPIRED' };
      t.state = 'SUCCESS';
      t.transaction_id = `4200${hex(12)}`;
      t.success_time = rfc3339(now());
      log(`[wechatpay stand-in] paid ${t.out_trade_no}: ${t.total} fen`);
    }
    return { paid: true, statuses: await send(notification(t.notify_url, 'TRANSACTION.SUCCESS', transactionOf(t))) };
  }

  const refundOf = (r: RefundRecord) => ({
    refund_id: r.refund_id,
    out_refund_no: r.out_refund_no,
    transaction_id: r.transaction_id,
    out_trade_no: r.out_trade_no,
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    ...(r.success_time ? { success_time: r.success_time } : {}),
    create_time: r.create_time,
    status: r.status,
    amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund, currency: 'CNY' },
  });
  const refundNotice = (r: RefundRecord) => ({
    mchid,
    out_trade_no: r.out_trade_no,
    transaction_id: r.transaction_id,
    out_refund_no: r.out_refund_no,
    refund_id: r.refund_id,
    refund_status: r.status,
    ...(r.success_time ? { success_time: r.success_time } : {}),
    user_received_account: '支付用户零钱',
    amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund },
  });

  async function finishRefund(r: RefundRecord, status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED') {
    r.status = status;
    if (status === 'SUCCESS') r.success_time = rfc3339(now());
    if (r.notify_url) await send(notification(r.notify_url, `REFUND.${status}`, refundNotice(r)));
  }

  // ---- HTTP ----------------------------------------------------------------------------------------------------

  function verifyRequest(req: http.IncomingMessage, pathAndQuery: string, body: string): string | null {
    const auth = String(req.headers.authorization ?? '');
    if (!auth.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return 'no WECHATPAY2-SHA256-RSA2048 authorization';
    const f: Record<string, string> = {};
    for (const m of auth.slice(26).matchAll(/(\w+)="([^"]*)"/g)) f[m[1]!] = m[2]!;
    if (f.mchid !== mchid) return 'unknown mchid';
    if (f.serial_no !== merchantSerial) return 'unknown merchant certificate serial';
    if (!f.timestamp || Math.abs(now() / 1000 - Number(f.timestamp)) >= 300) return 'timestamp out of window';
    const message = `${req.method}\n${pathAndQuery}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`;
    const ok = createVerify('RSA-SHA256')
      .update(message, 'utf8')
      .verify(merchant.publicKey, f.signature ?? '', 'base64');
    if (!ok) return 'signature does not verify';
    if (mode !== 'certificate' && req.headers['wechatpay-serial'] && req.headers['wechatpay-serial'] !== publicKeyId) {
      return 'Wechatpay-Serial names another key';
    }
    return null;
  }

  function reply(res: http.ServerResponse, status: number, payload?: object, signed = true) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers: Record<string, string> = { 'request-id': hex(8) };
    if (body) headers['content-type'] = 'application/json; charset=utf-8';
    if (signed) Object.assign(headers, signWith(answerSigner(), body));
    res.writeHead(status, headers).end(body);
  }
  const fail = (res: http.ServerResponse, status: number, code: string, message: string) =>
    reply(res, status, { code, message });

  function html(res: http.ServerResponse, status: number, page: string) {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page);
  }

  async function readBody(req: http.IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  async function prepay(kind: 'jsapi' | 'native' | 'h5', body: Json, res: http.ServerResponse) {
    const amount = body.amount?.total;
    if (body.mchid !== mchid) return fail(res, 400, 'MCH_NOT_EXISTS', 'mchid mismatch');
    if (!appIds.includes(body.appid)) return fail(res, 400, 'APPID_MCHID_NOT_MATCH', 'appid not bound to this mchid');
    if (!Number.isSafeInteger(amount) || amount <= 0)
      return fail(res, 400, 'PARAM_ERROR', 'amount.total must be whole fen > 0');
    if (typeof body.out_trade_no !== 'string' || !/^[\w\-*|]{6,32}$/.test(body.out_trade_no)) {
      return fail(res, 400, 'PARAM_ERROR', 'out_trade_no: 6-32 letters, digits, _-|*');
    }
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/.test(String(body.time_expire ?? ''))) {
      return fail(res, 400, 'PARAM_ERROR', 'time_expire must be RFC 3339 with +08:00');
    }
    if (!/^https?:\/\//.test(String(body.notify_url ?? ''))) return fail(res, 400, 'PARAM_ERROR', 'notify_url');
    if (kind === 'jsapi' && typeof body.payer?.openid !== 'string')
      return fail(res, 400, 'PARAM_ERROR', 'payer.openid');
    if (kind === 'h5' && typeof body.scene_info?.payer_client_ip !== 'string') {
      return fail(res, 400, 'PARAM_ERROR', 'scene_info.payer_client_ip');
    }
    const tradeType = kind === 'jsapi' ? 'JSAPI' : kind === 'native' ? 'NATIVE' : 'MWEB';
    const fingerprint = JSON.stringify([body.appid, tradeType, amount, body.description, body.payer?.openid ?? '']);
    let t = trades.get(body.out_trade_no);
    if (t) {
      if (t.fingerprint !== fingerprint) return fail(res, 400, 'INVALID_REQUEST', '201 商户订单号重复');
      if (t.state === 'SUCCESS' || t.state === 'REFUND') return fail(res, 400, 'ORDERPAID', '该订单已支付');
      if (t.state === 'CLOSED') return fail(res, 400, 'ORDERCLOSED', '订单已关闭');
    } else {
      t = {
        appid: body.appid,
        mchid,
        out_trade_no: body.out_trade_no,
        description: String(body.description ?? ''),
        notify_url: body.notify_url,
        time_expire: body.time_expire,
        total: amount,
        trade_type: tradeType,
        ...(body.payer?.openid ? { openid: body.payer.openid } : {}),
        ...(body.scene_info?.payer_client_ip ? { payer_client_ip: body.scene_info.payer_client_ip } : {}),
        fingerprint,
        prepay_id: `wx${hex(14).toLowerCase()}`,
        state: 'NOTPAY',
        refunded: 0,
      };
      if (kind === 'native') t.code_url = `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('base64url')}`;
      trades.set(t.out_trade_no, t);
      byPrepay.set(t.prepay_id, t);
    }
    if (kind === 'jsapi') return reply(res, 200, { prepay_id: t.prepay_id });
    if (kind === 'native') return reply(res, 200, { code_url: t.code_url });
    return reply(res, 200, { h5_url: `${baseUrl}/standin/h5pay?prepay_id=${t.prepay_id}&package=${hex(4)}` });
  }

  async function refund(body: Json, res: http.ServerResponse) {
    const amount = body.amount ?? {};
    if (
      typeof body.out_refund_no !== 'string' ||
      !Number.isSafeInteger(amount.refund) ||
      !Number.isSafeInteger(amount.total)
    ) {
      return fail(res, 400, 'PARAM_ERROR', 'out_refund_no, amount.refund and amount.total are required');
    }
    if (behaviour.refundFailure === 'refuse') return fail(res, 500, 'SYSTEM_ERROR', '系统繁忙，请稍后重试');
    const known = refunds.get(body.out_refund_no);
    if (known) {
      // The same refund number again: the refund already made, never a second one.
      if (known.out_trade_no !== body.out_trade_no || known.refund !== amount.refund) {
        return fail(res, 400, 'INVALID_REQUEST', '退款单号已存在，参数不一致');
      }
      return reply(res, 200, refundOf(known));
    }
    const t = trades.get(body.out_trade_no);
    if (!t || (t.state !== 'SUCCESS' && t.state !== 'REFUND'))
      return fail(res, 404, 'RESOURCE_NOT_EXISTS', '订单不存在或未支付');
    if (amount.total !== t.total) return fail(res, 400, 'PARAM_ERROR', '订单金额与原订单不一致');
    if (amount.refund <= 0 || t.refunded + amount.refund > t.total) return fail(res, 403, 'NOT_ENOUGH', '可退金额不足');
    const r: RefundRecord = {
      out_refund_no: body.out_refund_no,
      refund_id: `5030${hex(12)}`,
      out_trade_no: t.out_trade_no,
      transaction_id: t.transaction_id!,
      refund: amount.refund,
      total: t.total,
      ...(body.notify_url ? { notify_url: body.notify_url } : {}),
      status: 'PROCESSING',
      create_time: rfc3339(now()),
    };
    refunds.set(r.out_refund_no, r);
    t.refunded += r.refund;
    t.state = 'REFUND';
    log(`[wechatpay stand-in] refund ${r.out_refund_no} of ${r.out_trade_no}: ${r.refund} fen`);
    if (behaviour.refundFailure === 'lose-answer') {
      r.status = 'SUCCESS';
      r.success_time = rfc3339(now());
      return fail(res, 500, 'SYSTEM_ERROR', '系统繁忙，请稍后重试');
    }
    if (behaviour.refunds === 'instant') {
      r.status = 'SUCCESS';
      r.success_time = rfc3339(now());
      reply(res, 200, refundOf(r));
      if (r.notify_url) void send(notification(r.notify_url, 'REFUND.SUCCESS', refundNotice(r)));
      return;
    }
    if (behaviour.refunds === 'abnormal') {
      r.status = 'ABNORMAL';
      reply(res, 200, refundOf(r));
      if (r.notify_url) void send(notification(r.notify_url, 'REFUND.ABNORMAL', refundNotice(r)));
      return;
    }
    reply(res, 200, refundOf(r));
  }

  function tradeBill(date: string): string {
    const head =
      '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,' +
      '应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,' +
      '手续费,费率,订单金额,申请退款金额,费率备注';
    const rows: string[] = [];
    const day = (rfc: string | undefined) => (rfc ?? '').slice(0, 10);
    let paid = 0;
    let back = 0;
    const line = (fields: string[]) => fields.map((f) => `\`${f}`).join(',');
    for (const t of trades.values()) {
      if (!t.transaction_id || day(t.success_time) !== date) continue;
      paid += t.total;
      rows.push(
        line([
          t.success_time!.replace('T', ' ').slice(0, 19),
          t.appid,
          mchid,
          '0',
          '',
          t.transaction_id,
          t.out_trade_no,
          t.openid ?? '',
          t.trade_type,
          'SUCCESS',
          'OTHERS',
          'CNY',
          yuan(t.total),
          '0.00',
          '0',
          '0',
          '0.00',
          '0.00',
          '',
          '',
          t.description.replace(/,/g, ' '),
          '',
          '0.00',
          '0.60%',
          yuan(t.total),
          '0.00',
          '',
        ]),
      );
    }
    for (const r of refunds.values()) {
      if (r.status !== 'SUCCESS' || day(r.success_time) !== date) continue;
      const t = trades.get(r.out_trade_no)!;
      back += r.refund;
      rows.push(
        line([
          r.success_time!.replace('T', ' ').slice(0, 19),
          t.appid,
          mchid,
          '0',
          '',
          t.transaction_id!,
          t.out_trade_no,
          t.openid ?? '',
          t.trade_type,
          'REFUND',
          'OTHERS',
          'CNY',
          '0.00',
          '0.00',
          r.refund_id,
          r.out_refund_no,
          yuan(r.refund),
          '0.00',
          'ORIGINAL',
          'SUCCESS',
          t.description.replace(/,/g, ' '),
          '',
          '0.00',
          '0.60%',
          yuan(t.total),
          yuan(r.refund),
          '',
        ]),
      );
    }
    const totals =
      `总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额\n` +
      `\`${rows.length},\`${yuan(paid)},\`${yuan(back)},\`0.00,\`0.00,\`${yuan(paid)},\`${yuan(back)}`;
    return `${head}\n${rows.join('\n')}${rows.length ? '\n' : ''}${totals}\n`;
  }

  const buyerPage = (
    t: Trade,
    pay: string,
    cancel: string,
  ) => `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>微信支付 (stand-in)</title>
<style>body{font-family:sans-serif;max-width:420px;margin:24px auto;padding:0 16px}button{width:100%;padding:14px;margin-top:12px;font-size:17px;border:0;border-radius:8px}
.pay{background:#07c160;color:#fff}.amount{font-size:32px;font-weight:600}</style></head><body>
<p>WeChat Pay stand-in · 微信支付（本地替身）</p><p>${escapeHtml(t.description)}</p><p class="amount" data-testid="standin-amount">¥${yuan(t.total)}</p>
<form method="post" action="${pay}"><button class="pay" data-testid="standin-pay">确认支付 Pay</button></form>
<p><a href="${cancel}" data-testid="standin-cancel">取消 Cancel</a></p></body></html>`;

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      log(`[wechatpay stand-in] ${(err as Error).stack ?? err}`);
      if (!res.headersSent) fail(res, 500, 'SYSTEM_ERROR', 'stand-in error');
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', baseUrl);
    const pathAndQuery = req.url ?? '/';
    const body = await readBody(req);
    const p = url.pathname;

    // The buyer's side (no merchant signature): H5 pay page, JSAPI confirmation, scanning a Native QR.
    if (p.startsWith('/standin/')) return buyer(req, res, url, body);

    if (p === '/v3/billdownload/file') {
      const bill = bills.get(url.searchParams.get('token') ?? '');
      if (bill === undefined) return fail(res, 404, 'NO_STATEMENT_EXIST', '账单不存在');
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(bill);
      return;
    }
    const problem = verifyRequest(req, pathAndQuery, body);
    requests.push({ method: req.method ?? '', path: p, ok: problem === null });
    if (problem) return fail(res, 401, 'SIGN_ERROR', `签名错误 (stand-in: ${problem})`);
    let json: Json = {};
    if (body) {
      try {
        json = JSON.parse(body) as Json;
      } catch {
        return fail(res, 400, 'PARAM_ERROR', 'body is not JSON');
      }
    }
    let m: RegExpExecArray | null;
    if (req.method === 'POST' && (m = /^\/v3\/pay\/transactions\/(jsapi|native|h5)$/.exec(p))) {
      return prepay(m[1] as 'jsapi' | 'native' | 'h5', json, res);
    }
    if (req.method === 'GET' && (m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(p))) {
      if (url.searchParams.get('mchid') !== mchid) return fail(res, 400, 'PARAM_ERROR', 'mchid');
      const t = trades.get(decodeURIComponent(m[1]!));
      return t ? reply(res, 200, transactionOf(t)) : fail(res, 404, 'ORDER_NOT_EXIST', '订单不存在');
    }
    if (req.method === 'POST' && (m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(p))) {
      if (json.mchid !== mchid) return fail(res, 400, 'PARAM_ERROR', 'mchid');
      const t = trades.get(decodeURIComponent(m[1]!));
      if (!t) return fail(res, 404, 'ORDER_NOT_EXIST', '订单不存在');
      if (t.state === 'SUCCESS' || t.state === 'REFUND') return fail(res, 400, 'ORDERPAID', '订单已支付');
      t.state = 'CLOSED';
      return reply(res, 204);
    }
    if (req.method === 'POST' && p === '/v3/refund/domestic/refunds') return refund(json, res);
    if (req.method === 'GET' && (m = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(p))) {
      const r = refunds.get(decodeURIComponent(m[1]!));
      return r ? reply(res, 200, refundOf(r)) : fail(res, 404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
    }
    if (req.method === 'GET' && p === '/v3/bill/tradebill') {
      const date = url.searchParams.get('bill_date') ?? '';
      if (!/^\d{4}-\d\d-\d\d$/.test(date)) return fail(res, 400, 'PARAM_ERROR', 'bill_date');
      const bill = tradeBill(date);
      const token = hex(8);
      bills.set(token, behaviour.corruptBill ? `${bill.slice(0, -2)}9\n` : bill);
      return reply(res, 200, {
        hash_type: 'SHA1',
        hash_value: createHash('sha1').update(bill, 'utf8').digest('hex'),
        download_url: `${baseUrl}/v3/billdownload/file?token=${token}`,
      });
    }
    if (req.method === 'GET' && p === '/v3/certificates') {
      if (certificates.length === 0) return fail(res, 404, 'NOT_FOUND', '商户已切换为微信支付公钥');
      const data = certificates.map((c) => ({
        serial_no: c.serial,
        effective_time: rfc3339(c.effective),
        expire_time: rfc3339(c.expires),
        encrypt_certificate: encrypt(c.pem, 'certificate'),
      }));
      // Signed with the newest certificate (the one the answer carries).
      const text = JSON.stringify({ data });
      res.writeHead(200, { 'content-type': 'application/json', ...signWith('certificate', text) }).end(text);
      return;
    }
    fail(res, 404, 'NOT_FOUND', `no such API: ${req.method} ${p}`);
  }

  async function buyer(req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: string) {
    const p = url.pathname;
    if (p === '/standin/h5pay') {
      const t = byPrepay.get(url.searchParams.get('prepay_id') ?? '');
      if (!t) return html(res, 404, '<p>unknown prepay_id</p>');
      const back = url.searchParams.get('redirect_url') ?? '/';
      const self = `${p}?${url.searchParams.toString()}`;
      if (req.method === 'POST') {
        await pay(t.out_trade_no);
        res.writeHead(303, { location: back }).end();
        return;
      }
      return html(res, 200, buyerPage(t, self, back));
    }
    if (p === '/standin/scan' && req.method === 'POST') {
      // The buyer's phone scanned the Native QR (its code_url) and paid.
      const code = JSON.parse(body || '{}').code_url;
      const t = [...trades.values()].find((x) => x.code_url && x.code_url === code);
      if (!t) return reply(res, 404, { code: 'ORDER_NOT_EXIST', message: 'no such code_url' }, false);
      const r = await pay(t.out_trade_no);
      return reply(res, r.paid ? 200 : 400, r, false);
    }
    if (p === '/standin/jsapi-pay' && req.method === 'POST') {
      // WeChat's client paying JSAPI parameters: paySign must verify with the merchant's key for that appid.
      const q = JSON.parse(body || '{}') as Record<string, string>;
      const prepay = /^prepay_id=(.+)$/.exec(q.package ?? '')?.[1];
      const t = prepay ? byPrepay.get(prepay) : undefined;
      if (!t) return reply(res, 400, { errMsg: 'requestPayment:fail prepay_id' }, false);
      const appId = q.appId ?? t.appid;
      const ok =
        appId === t.appid &&
        q.signType === 'RSA' &&
        createVerify('RSA-SHA256')
          .update(`${appId}\n${q.timeStamp}\n${q.nonceStr}\n${q.package}\n`, 'utf8')
          .verify(merchant.publicKey, q.paySign ?? '', 'base64');
      if (!ok) return reply(res, 400, { errMsg: 'requestPayment:fail paySign' }, false);
      if (q.cancel) return reply(res, 200, { errMsg: 'requestPayment:fail cancel' }, false);
      const r = await pay(t.out_trade_no);
      return reply(
        res,
        r.paid ? 200 : 400,
        { errMsg: r.paid ? 'requestPayment:ok' : `requestPayment:fail ${r.error}` },
        false,
      );
    }
    if (p === '/standin/' || p === '/standin') {
      // The demo's "phone": every open Native trade with a pay button.
      const open = [...trades.values()].filter((t) => t.state === 'NOTPAY' && t.code_url);
      const items = open
        .map(
          (t) =>
            `<li>${escapeHtml(t.out_trade_no)} ¥${yuan(t.total)} <form method="post" action="/standin/pay-trade?no=${encodeURIComponent(t.out_trade_no)}" style="display:inline"><button>Pay</button></form></li>`,
        )
        .join('');
      return html(
        res,
        200,
        `<!doctype html><meta charset="utf-8"><title>WeChat Pay stand-in</title><h1>WeChat Pay stand-in</h1><ul>${items || '<li>No open QR payments</li>'}</ul>`,
      );
    }
    if (p === '/standin/pay-trade' && req.method === 'POST') {
      await pay(url.searchParams.get('no') ?? '');
      res.writeHead(303, { location: '/standin/' }).end();
      return;
    }
    html(res, 404, '<p>not found</p>');
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://${options.host ?? '127.0.0.1'}:${port}`;

  return {
    url: baseUrl,
    mchid,
    appIds,
    mode,
    /** What the merchant configures: its API key and serial, the APIv3 key, WeChat Pay's public key and id. */
    merchant: {
      serialNo: merchantSerial,
      privateKeyPem: pem(merchant.privateKey, 'pkcs8'),
      publicKey: merchant.publicKey,
      apiV3Key,
    },
    platform: {
      publicKeyId,
      publicKeyPem: pem(platformKey.publicKey, 'spki'),
      certificates: () => certificates.map((c) => ({ serial: c.serial, pem: c.pem })),
    },
    behaviour,
    trades,
    refunds,
    requests,
    held,
    pay,
    /** Scanning a Native QR code (its code_url). */
    scan: async (codeUrl: string) => {
      const t = [...trades.values()].find((x) => x.code_url === codeUrl);
      return t ? pay(t.out_trade_no) : { paid: false, statuses: [], error: 'ORDER_NOT_EXIST' };
    },
    /** Sends the notifications held back (a delayed notification); answers their statuses. */
    async flush(): Promise<number[]> {
      const out: number[] = [];
      for (const d of held.splice(0)) out.push(await deliver(d));
      return out;
    },
    /** PROCESSING refunds finish (SUCCESS) and are notified. */
    async settleRefunds(status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED' = 'SUCCESS') {
      for (const r of refunds.values()) if (r.status === 'PROCESSING') await finishRefund(r, status);
    },
    /** A notification for any resource, signed by any of its keys (tests: wrong amount, other merchant, …). */
    notification: (url: string, eventType: string, resource: object, signer?: WechatSigner) =>
      notification(url, eventType, resource, signer),
    transactionOf: (outTradeNo: string) => transactionOf(trades.get(outTradeNo)!),
    sign: (body: string, signer: WechatSigner = answerSigner(), timestamp?: number) =>
      signWith(signer, body, timestamp),
    encrypt,
    deliver,
    /** WeChat Pay's probe: a signature that starts with WECHATPAY/SIGNTEST/ and verifies with nothing. */
    probe(url: string): Promise<number> {
      const body = JSON.stringify({
        id: hex(8),
        event_type: 'TRANSACTION.SUCCESS',
        resource: encrypt('{}', 'transaction'),
      });
      const headers = { 'content-type': 'application/json', ...signWith(answerSigner(), body) };
      headers['wechatpay-signature'] = `WECHATPAY/SIGNTEST/${randomBytes(32).toString('base64')}`;
      return deliver({ url, headers, body });
    },
    /** A new platform certificate (rotation); answers its serial. */
    rotateCertificate: issueCertificate,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WechatPayStandin = Awaited<ReturnType<typeof startWechatPayStandin>>;

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
