import { createHash, randomBytes } from 'node:crypto';
import { memorySandboxLedger, type SandboxLedger, type SandboxPaid } from './sandbox-ledger';
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
  pay(
    token: string,
  ): Promise<{ session: CashierSession; notification: SignedNotification } | { error: 'token' | 'expired' }>;
  /** Reads a cashier link (for the page and for "cancel"); null when it was altered. */
  session(token: string): CashierSession | null;
  /** Tests: a signed notification for any content (to send duplicates, wrong amounts, unknown orders...). */
  sign(notice: Record<string, unknown>): { headers: Record<string, string>; body: string };
  /** Tests and demos: when true, paying records the payment but no notification is sent (a lost notification). */
  loseNotifications: boolean;
  /** Refunds asked for, oldest first (the sandbox moves no money; it logs what a provider would receive). */
  refunds(): Promise<Array<{ outTradeNo: string; refundNo: string; amountFen: number }>>;
}

/**
 * The default payment provider: offline and deterministic. `create` links to our own cashier page; paying there
 * records the payment in the sandbox's ledger (the database in a server: any instance's `query` finds it when the
 * notification is lost) and produces a notification signed with HMAC-SHA256, which goes through the very same
 * endpoint and checks as a real provider's.
 */
export function createSandboxPayments(options: {
  secret: string;
  now?: () => number;
  log?: (line: string) => void;
  /** Where the sandbox keeps what it was paid (default: memory, for tests of the provider alone). */
  ledger?: SandboxLedger;
}): SandboxPayments {
  const { secret, now = Date.now, log = (line: string) => console.log(line) } = options;
  const ledger = options.ledger ?? memorySandboxLedger();

  function notice(session: CashierSession, record: SandboxPaid) {
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
    refunds: async () =>
      (await ledger.refunds()).map((r) => ({ outTradeNo: r.outTradeNo, refundNo: r.refundNo, amountFen: r.amountFen })),

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

    async pay(token) {
      const session = readToken<CashierSession>(secret, token);
      if (!session) return { error: 'token' };
      const known = await ledger.trade(session.out_trade_no);
      if (known?.state === 'closed') return { error: 'expired' };
      if (!known && now() > session.expires_at) return { error: 'expired' };
      const fresh: SandboxPaid = {
        transactionId: `sandbox_${randomBytes(10).toString('hex')}`,
        amountFen: session.amount_fen,
        paidAt: now(),
      };
      // Paid once: a second press (or another instance) gets the first payment back, a close that won stays closed.
      const trade = known ?? (await ledger.pay(session.out_trade_no, fresh));
      if (trade.state === 'closed') return { error: 'expired' };
      if (trade.paid.transactionId === fresh.transactionId) {
        log(`[payment sandbox] paid ${session.out_trade_no}: ${session.amount_fen} fen`);
      }
      return { session, notification: notice(session, trade.paid) };
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
      const trade = await ledger.trade(outTradeNo);
      if (!trade) return { state: 'unpaid', rawState: 'NOTPAY' };
      if (trade.state === 'closed') return { state: 'closed', rawState: 'CLOSED' };
      return { state: 'paid', rawState: 'SUCCESS', ...trade.paid };
    },

    async close(outTradeNo) {
      if ((await ledger.close(outTradeNo, now())) === 'paid') {
        throw new PaymentProviderError(`${outTradeNo} is paid`, 'ORDERPAID');
      }
    },

    async queryRefund(refundNo) {
      if (!(await ledger.refund(refundNo))) {
        throw new PaymentProviderError(`no refund ${refundNo}`, 'RESOURCE_NOT_EXISTS');
      }
      return { state: 'done', rawState: 'SUCCESS', refundId: `sandbox_refund_${refundNo}` };
    },

    /** The day's payments and refunds (YYYY-MM-DD in China time), as a provider's bill lists them. */
    async bill(date) {
      const from = Date.parse(`${date}T00:00:00+08:00`);
      const to = from + 86_400_000;
      const lines: BillLine[] = [];
      for (const p of await ledger.paidBetween(from, to)) {
        lines.push({
          kind: 'payment',
          outTradeNo: p.outTradeNo,
          transactionId: p.transactionId,
          amountFen: p.amountFen,
          rawState: 'SUCCESS',
        });
      }
      for (const r of await ledger.refundsBetween(from, to)) {
        const paid = await ledger.trade(r.outTradeNo);
        lines.push({
          kind: 'refund',
          outTradeNo: r.outTradeNo,
          transactionId: paid?.state === 'paid' ? paid.paid.transactionId : '',
          amountFen: r.amountFen,
          refundNo: r.refundNo,
          rawState: 'SUCCESS',
        });
      }
      return lines;
    },

    async refund(input) {
      if (input.amountFen <= 0 || input.amountFen > input.totalFen) {
        throw new PaymentProviderError(`refund of ${input.amountFen} fen out of range (paid ${input.totalFen})`);
      }
      if (
        await ledger.addRefund({
          refundNo: input.refundNo,
          outTradeNo: input.outTradeNo,
          amountFen: input.amountFen,
          at: now(),
        })
      ) {
        log(`[payment sandbox] refund ${input.refundNo} of ${input.outTradeNo}: ${input.amountFen} fen`);
      }
      return { state: 'done', rawState: 'SUCCESS', refundId: `sandbox_refund_${input.refundNo}` };
    },
  };
  return provider;
}
