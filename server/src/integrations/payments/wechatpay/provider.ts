import type { KeyObject } from 'node:crypto';
import { chinaTime, yuanToFen } from '../money';
import type {
  BillLine,
  CreatePaymentInput,
  CreatedPayment,
  NotifyReply,
  ParsedNotification,
  PayChannel,
  PaymentProvider,
  PaymentQuery,
  RefundInput,
  RefundResult,
  RefundState,
} from '../types';
import { PaymentProviderError } from '../types';
import { createWechatPayClient, WechatPayError, type Refund, type Transaction } from './client';
import { decryptResource, nonce, paySign, type Encrypted } from './crypto';

export interface WechatPayOptions {
  apiBase: string;
  mchid: string;
  serialNo: string;
  privateKey: KeyObject;
  apiV3Key: string;
  publicKey?: { id: string; key: KeyObject };
  certificates?: boolean;
  /** The mini program's appid (JSAPI from the mini program). */
  mpAppId?: string;
  /** The official account's appid (JSAPI in the WeChat browser, Native and H5). */
  oaAppId?: string;
  now?: () => number;
}

const REFUND_STATES: Record<string, RefundState> = {
  SUCCESS: 'done',
  PROCESSING: 'pending',
  CLOSED: 'failed',
  ABNORMAL: 'failed',
};

const epoch = (rfc3339: string | undefined, fallback: number) => {
  const t = rfc3339 ? Date.parse(rfc3339) : NaN;
  return Number.isFinite(t) ? t : fallback;
};

/** A provider error the service understands, without the provider's raw answer (it may carry personal data). */
function wrap(err: unknown): never {
  if (err instanceof WechatPayError) throw new PaymentProviderError(err.message, err.code);
  throw err;
}

/**
 * WeChat Pay API v3 as a PaymentProvider: JSAPI (mini program, WeChat browser), Native (desktop QR) and H5 (phone
 * browsers) prepay; notifications verified, decrypted and checked against our merchant and app ids; query, close,
 * refund (a stable out_refund_no) and the trade bill.
 */
export function createWechatPayProvider(o: WechatPayOptions): PaymentProvider {
  const now = o.now ?? Date.now;
  const client = createWechatPayClient(o);
  const appIds = new Set([o.mpAppId, o.oaAppId].filter((x): x is string => Boolean(x)));
  const channels: PayChannel[] = [];
  if (o.mpAppId) channels.push('weapp');
  if (o.oaAppId) channels.push('wechat-browser', 'desktop', 'mobile');

  function jsapiParams(appId: string, prepayId: string) {
    const timeStamp = String(Math.floor(now() / 1000));
    const nonceStr = nonce();
    const pkg = `prepay_id=${prepayId}`;
    return {
      timeStamp,
      nonceStr,
      package: pkg,
      signType: 'RSA',
      paySign: paySign(o.privateKey, appId, timeStamp, nonceStr, pkg),
    };
  }

  function toQuery(t: Transaction): PaymentQuery {
    const rawState = t.trade_state;
    const base = { rawState };
    // REFUND: it was paid (and money went back since); the payment itself happened once.
    if ((rawState === 'SUCCESS' || rawState === 'REFUND') && t.transaction_id && t.amount?.total !== undefined) {
      return {
        ...base,
        state: 'paid',
        transactionId: t.transaction_id,
        amountFen: t.amount.total,
        paidAt: epoch(t.success_time, now()),
      };
    }
    if (rawState === 'CLOSED' || rawState === 'REVOKED') return { ...base, state: 'closed' };
    if (rawState === 'NOTPAY' || rawState === 'USERPAYING' || rawState === 'PAYERROR')
      return { ...base, state: 'unpaid' };
    return { ...base, state: 'unknown' };
  }

  const toRefund = (r: Refund): RefundResult => ({
    state: REFUND_STATES[r.status] ?? 'pending',
    rawState: r.status,
    ...(r.refund_id ? { refundId: r.refund_id } : {}),
  });

  return {
    name: 'wechat',
    channels,

    async create(input: CreatePaymentInput): Promise<CreatedPayment> {
      const appid = input.channel === 'weapp' ? o.mpAppId : o.oaAppId;
      if (!appid) throw new PaymentProviderError(`WeChat Pay: no appid for channel ${input.channel}`, 'NO_APPID');
      const common = {
        appid,
        mchid: o.mchid,
        description: input.description.slice(0, 127),
        out_trade_no: input.outTradeNo,
        time_expire: chinaTime(input.expiresAt),
        notify_url: input.notifyUrl,
        amount: { total: input.amountFen, currency: 'CNY' },
      };
      try {
        switch (input.channel) {
          case 'weapp':
          case 'wechat-browser': {
            if (!input.openid) throw new PaymentProviderError('WeChat Pay JSAPI: the payer has no openid', 'NO_OPENID');
            const { prepay_id } = await client.jsapi({ ...common, payer: { openid: input.openid } });
            const params = jsapiParams(appid, prepay_id);
            return input.channel === 'weapp'
              ? { weapp: params, providerRef: prepay_id }
              : { jsapi: { appId: appid, ...params }, providerRef: prepay_id };
          }
          case 'desktop': {
            const { code_url } = await client.native(common);
            return { codeUrl: code_url, providerRef: code_url };
          }
          case 'mobile': {
            const { h5_url } = await client.h5({
              ...common,
              scene_info: { payer_client_ip: input.clientIp ?? '127.0.0.1', h5_info: { type: 'Wap' } },
            });
            const url = `${h5_url}${h5_url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(input.returnUrl)}`;
            return { cashierUrl: url, providerRef: h5_url };
          }
        }
      } catch (err) {
        wrap(err);
      }
    },

    async parseNotification(headers, rawBody): Promise<ParsedNotification> {
      let checked;
      try {
        checked = await client.verifier.verify(headers, rawBody);
      } catch {
        // The platform certificates could not be downloaded (network, APIv3 key): no key for this serial now.
        return { ok: false, reason: 'serial' };
      }
      if (!checked.ok) return { ok: false, reason: checked.reason === 'missing' ? 'signature' : checked.reason };
      let envelope: { event_type?: string; resource?: Encrypted };
      try {
        envelope = JSON.parse(rawBody) as typeof envelope;
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      if (!envelope.resource || typeof envelope.event_type !== 'string') return { ok: false, reason: 'malformed' };
      let plain: string;
      try {
        plain = decryptResource(o.apiV3Key, envelope.resource);
      } catch {
        return { ok: false, reason: 'decrypt' };
      }
      let r: Record<string, unknown>;
      try {
        r = JSON.parse(plain) as Record<string, unknown>;
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      if (r.mchid !== o.mchid) return { ok: false, reason: 'merchant' };
      if (envelope.event_type.startsWith('REFUND.')) {
        const amount = r.amount as { refund?: unknown } | undefined;
        if (
          typeof r.out_refund_no !== 'string' ||
          typeof r.out_trade_no !== 'string' ||
          !Number.isSafeInteger(amount?.refund)
        ) {
          return { ok: false, reason: 'malformed' };
        }
        const raw = String(r.refund_status ?? envelope.event_type.slice(7));
        return {
          ok: true,
          notice: {
            kind: 'refund',
            outTradeNo: r.out_trade_no,
            refundNo: r.out_refund_no,
            refundId: String(r.refund_id ?? ''),
            amountFen: amount!.refund as number,
            state: REFUND_STATES[raw] ?? 'pending',
            rawState: raw,
          },
        };
      }
      if (typeof r.appid !== 'string' || !appIds.has(r.appid)) return { ok: false, reason: 'merchant' };
      const t = r as unknown as Transaction;
      if (typeof t.out_trade_no !== 'string' || typeof t.trade_state !== 'string')
        return { ok: false, reason: 'malformed' };
      const q = toQuery(t);
      if (q.state !== 'paid' && q.state !== 'closed') return { ok: false, reason: 'ignored' };
      if (q.state === 'paid' && !Number.isSafeInteger(q.amountFen)) return { ok: false, reason: 'malformed' };
      return {
        ok: true,
        notice: {
          kind: 'payment',
          outTradeNo: t.out_trade_no,
          transactionId: q.transactionId ?? '',
          amountFen: q.amountFen ?? t.amount?.total ?? 0,
          state: q.state,
          rawState: q.rawState,
          paidAt: q.paidAt ?? now(),
        },
      };
    },

    // 200 (or 204) means received; anything else is retried, with {"code":"FAIL","message":…}.
    notifyReply(accepted, message): NotifyReply {
      return {
        status: accepted ? 200 : 400,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({ code: accepted ? 'SUCCESS' : 'FAIL', message }),
      };
    },

    async query(outTradeNo) {
      try {
        return toQuery(await client.query(outTradeNo));
      } catch (err) {
        if (err instanceof WechatPayError && err.code === 'ORDER_NOT_EXIST')
          return { state: 'unpaid', rawState: err.code };
        wrap(err);
      }
    },

    async close(outTradeNo) {
      try {
        await client.close(outTradeNo);
      } catch (err) {
        wrap(err);
      }
    },

    async refund(input: RefundInput) {
      if (input.amountFen <= 0 || input.amountFen > input.totalFen) {
        throw new PaymentProviderError(
          `refund of ${input.amountFen} fen out of range (paid ${input.totalFen})`,
          'AMOUNT',
        );
      }
      try {
        return toRefund(
          await client.refund({
            out_trade_no: input.outTradeNo,
            out_refund_no: input.refundNo,
            ...(input.reason ? { reason: input.reason.slice(0, 80) } : {}),
            ...(input.notifyUrl ? { notify_url: input.notifyUrl } : {}),
            amount: { refund: input.amountFen, total: input.totalFen, currency: 'CNY' },
          }),
        );
      } catch (err) {
        wrap(err);
      }
    },

    async queryRefund(refundNo) {
      try {
        return toRefund(await client.queryRefund(refundNo));
      } catch (err) {
        wrap(err);
      }
    },

    async bill(date) {
      let text: string;
      try {
        text = await client.tradeBill(date);
      } catch (err) {
        wrap(err);
      }
      return parseTradeBill(text);
    },
  };
}

/**
 * WeChat Pay's trade bill: a header line, one line per payment or refund with every field prefixed by a backtick,
 * then the totals. Amounts in yuan. Columns by their Chinese names, so a column added later does not shift them.
 */
export function parseTradeBill(text: string): BillLine[] {
  const rows = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  const head = rows[0]?.split(',').map((h) => h.trim()) ?? [];
  const col = (name: string) => head.indexOf(name);
  const c = {
    tx: col('微信订单号'),
    trade: col('商户订单号'),
    state: col('交易状态'),
    total: col('应结订单金额'),
    refundNo: col('商户退款单号'),
    refund: col('退款金额'),
  };
  if (Object.values(c).some((i) => i < 0))
    throw new PaymentProviderError('trade bill: unexpected header', 'BILL_FORMAT');
  const out: BillLine[] = [];
  for (const line of rows.slice(1)) {
    if (!line.startsWith('`')) break; // the totals
    const f = line.split(',').map((x) => x.replace(/^`/, '').trim());
    const state = f[c.state] ?? '';
    if (state === 'REFUND') {
      out.push({
        kind: 'refund',
        outTradeNo: f[c.trade]!,
        transactionId: f[c.tx]!,
        refundNo: f[c.refundNo]!,
        amountFen: yuanToFen(f[c.refund] ?? '') ?? NaN,
        rawState: state,
      });
    } else {
      out.push({
        kind: 'payment',
        outTradeNo: f[c.trade]!,
        transactionId: f[c.tx]!,
        amountFen: yuanToFen(f[c.total] ?? '') ?? NaN,
        rawState: state,
      });
    }
  }
  return out;
}
