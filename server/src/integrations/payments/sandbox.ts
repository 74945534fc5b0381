import { createHash, randomBytes } from 'node:crypto';
import { readToken, signNotification, signToken, verifyNotificationSignature } from './sandbox-signature';
import type {
  BillLine,
  CreatePaymentInput,
  NotifyReply,
  ParsedNotification,
  PaymentNotice,
  PaymentProvider,
  PaymentQuery,
} from './types';
import { PAY_CHANNELS, PaymentProviderError } from './types';

/** Path of our own cashier page (served by modules/payments); the sandbox links to it. */
export const SANDBOX_CASHIER_PATH = '/api/szeat/payments/sandbox/cashier';

/** What a cashier link carries. */
export interface CashierSession {
  order_id: number;
  order_no: string;
  lang: 'cn' | 'en';
  out_trade_no: string;
  amount_fen: number;
  description: string;
  notify_url: string;
  return_url: string;
  cancel_url: string;
  expires_at: number;
}

export interface SignedNotification {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface SandboxPayments extends PaymentProvider {
  readonly name: 'sandbox';
  /** The customer pressed "pay" on the cashier: records the payment and answers the notification to send. */
  pay(token: string): { session: CashierSession; notification: SignedNotification } | { error: 'token' | 'expired' };
  /** Reads a cashier link (for the page and for "cancel"); null when it was altered. */
  session(token: string): CashierSession | null;
  /** Tests: a signed notification for any content (to send duplicates, wrong amounts, unknown orders...). */
  sign(notice: Record<string, unknown>): { headers: Record<string, string>; body: string };
  /** Tests and demos: when true, paying records the payment but no notification is sent (a lost notification). */
  loseNotifications: boolean;
  /** Refunds asked for, oldest first (the sandbox moves no money; it logs what a provider would receive). */
  readonly refunds: Array<{ outTradeNo: string; refundNo: string; amountFen: number }>;
}

/**
 * The default payment provider: offline and deterministic. `create` links to our own cashier page; paying there
 * records the payment here (so `query` can find it when the notification is lost) and produces a notification
 * signed with HMAC-SHA256, which goes through the very same endpoint and checks as a real provider's.
 */
export function createSandboxPayments(options: {
  secret: string;
  now?: () => number;
  log?: (line: string) => void;
}): SandboxPayments {
  const { secret, now = Date.now, log = (line: string) => console.log(line) } = options;
  const paid = new Map<string, { transactionId: string; amountFen: number; paidAt: number }>();
  const closed = new Set<string>();
  const refunds: SandboxPayments['refunds'] = [];

  function notice(session: CashierSession, record: { transactionId: string; amountFen: number; paidAt: number }) {
    const body = JSON.stringify({
      out_trade_no: session.out_trade_no,
      transaction_id: record.transactionId,
      amount_fen: record.amountFen,
      trade_state: 'SUCCESS',
      paid_at: record.paidAt,
    });
    return { url: session.notify_url, headers: signNotification(secret, body, now()), body };
  }

  const provider: SandboxPayments = {
    name: 'sandbox',
    channels: PAY_CHANNELS,
    loseNotifications: false,
    refunds,

    async create(input: CreatePaymentInput) {
      const session: CashierSession = {
        order_id: input.orderId,
        order_no: input.orderNo,
        lang: input.lang,
        out_trade_no: input.outTradeNo,
        amount_fen: input.amountFen,
        description: input.description,
        notify_url: input.notifyUrl,
        return_url: input.returnUrl,
        cancel_url: input.cancelUrl,
        expires_at: input.expiresAt,
      };
      const token = signToken(secret, session);
      const cashierUrl = new URL(SANDBOX_CASHIER_PATH, input.notifyUrl);
      cashierUrl.searchParams.set('t', token);
      if (input.channel !== 'weapp') return { cashierUrl: cashierUrl.toString() };
      // The mini program's sandbox `wx.requestPayment` accepts this payload; `package` carries the cashier token so
      // a harness can complete the payment through the same cashier "pay" call.
      const timeStamp = String(Math.floor(now() / 1000));
      const nonceStr = randomBytes(8).toString('hex');
      const pkg = `sandbox_token=${token}`;
      const paySign = createHash('sha256').update(`${timeStamp}\n${nonceStr}\n${pkg}\n${secret}`).digest('hex');
      return { weapp: { timeStamp, nonceStr, package: pkg, signType: 'HMAC-SHA256', paySign } };
    },

    session: (token) => readToken<CashierSession>(secret, token),

    pay(token) {
      const session = readToken<CashierSession>(secret, token);
      if (!session) return { error: 'token' };
      let record = paid.get(session.out_trade_no);
      if (!record) {
        if (now() > session.expires_at || closed.has(session.out_trade_no)) return { error: 'expired' };
        record = {
          transactionId: `sandbox_${randomBytes(10).toString('hex')}`,
          amountFen: session.amount_fen,
          paidAt: now(),
        };
        paid.set(session.out_trade_no, record);
        log(`[payment sandbox] paid ${session.out_trade_no}: ${session.amount_fen} fen`);
      }
      return { session, notification: notice(session, record) };
    },

    sign(content) {
      const body = JSON.stringify(content);
      return { headers: signNotification(secret, body, now()), body };
    },

    async parseNotification(headers, rawBody): Promise<ParsedNotification> {
      if (!verifyNotificationSignature(secret, headers, rawBody)) return { ok: false, reason: 'signature' };
      let data: Record<string, unknown>;
      try {
        data = JSON.parse(rawBody) as Record<string, unknown>;
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const { out_trade_no, transaction_id, amount_fen, trade_state, paid_at } = data;
      if (
        typeof out_trade_no !== 'string' ||
        typeof transaction_id !== 'string' ||
        !Number.isSafeInteger(amount_fen) ||
        (trade_state !== 'SUCCESS' && trade_state !== 'CLOSED') ||
        !Number.isSafeInteger(paid_at)
      ) {
        return { ok: false, reason: 'malformed' };
      }
      const parsed: PaymentNotice = {
        kind: 'payment',
        rawState: trade_state,
        outTradeNo: out_trade_no,
        transactionId: transaction_id,
        amountFen: amount_fen as number,
        state: trade_state === 'SUCCESS' ? 'paid' : 'closed',
        paidAt: paid_at as number,
      };
      return { ok: true, notice: parsed };
    },

    // WeChat Pay v3's format: 2xx means received; otherwise a JSON {code, message} and the provider retries.
    notifyReply(accepted, message): NotifyReply {
      return {
        status: accepted ? 200 : 400,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({ code: accepted ? 'SUCCESS' : 'FAIL', message }),
      };
    },

    async query(outTradeNo): Promise<PaymentQuery> {
      const record = paid.get(outTradeNo);
      if (!record)
        return closed.has(outTradeNo)
          ? { state: 'closed', rawState: 'CLOSED' }
          : { state: 'unpaid', rawState: 'NOTPAY' };
      return { state: 'paid', rawState: 'SUCCESS', ...record };
    },

    async close(outTradeNo) {
      if (paid.has(outTradeNo)) throw new PaymentProviderError(`${outTradeNo} is paid`, 'ORDERPAID');
      closed.add(outTradeNo);
    },

    async queryRefund(refundNo) {
      const known = refunds.find((r) => r.refundNo === refundNo);
      if (!known) throw new PaymentProviderError(`no refund ${refundNo}`, 'RESOURCE_NOT_EXISTS');
      return { state: 'done', rawState: 'SUCCESS', refundId: `sandbox_refund_${refundNo}` };
    },

    async bill(date) {
      const day = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
      const lines: BillLine[] = [];
      for (const [outTradeNo, r] of paid) {
        if (day(r.paidAt) === date) {
          lines.push({
            kind: 'payment',
            outTradeNo,
            transactionId: r.transactionId,
            amountFen: r.amountFen,
            rawState: 'SUCCESS',
          });
        }
      }
      return lines;
    },

    async refund(input) {
      if (input.amountFen <= 0 || input.amountFen > input.totalFen) {
        throw new PaymentProviderError(`refund of ${input.amountFen} fen out of range (paid ${input.totalFen})`);
      }
      const known = refunds.find((r) => r.refundNo === input.refundNo);
      if (!known) {
        refunds.push({ outTradeNo: input.outTradeNo, refundNo: input.refundNo, amountFen: input.amountFen });
        log(`[payment sandbox] refund ${input.refundNo} of ${input.outTradeNo}: ${input.amountFen} fen`);
      }
      return { state: 'done', rawState: 'SUCCESS', refundId: `sandbox_refund_${input.refundNo}` };
    },
  };
  return provider;
}
