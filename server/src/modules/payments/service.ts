import type { CheckOrderPay, PayBody, PayTicket } from '../../../../types/api/payments';
import type { Lang } from '../../../../types/lang';
import { OrderStatus } from '../../../../types/order-status';
import { failed, notFound } from '../../errors';
import { readToken, signToken } from '../../integrations/payments/sandbox-signature';
import {
  asProviders,
  channelOf,
  PaymentProviderError,
  SANDBOX_CASHIER_PATH,
  type JsapiParams,
  type PayChannel,
  type PaymentProviders,
  type CashierSession,
  type NotifyReply,
  type PaymentNotice,
  type PaymentProvider,
  type SandboxPayments,
} from '../../integrations/payments';
import { isUniqueViolation } from '../../db/constraints';
import type { OrderRow } from '../orders/rows';
import { isOnline, orderNo, orderStatusText, statusText, type OrdersService } from '../orders/service';
import type { AppUnitOfWork } from '../repositories';
import type { Refunds, RefundToSend, SentRefund } from './refunds';

export { SANDBOX_CASHIER_PATH, statusText };
export type { CashierSession };

/** Where providers post their notifications, under the API prefix (`/payments/notify/{provider}`). */
export const NOTIFY_PATH = '/payments/notify';

/** What a notification (or a query result) did. */
export type NoticeOutcome =
  | 'paid'
  | 'duplicate'
  | 'late'
  | 'closed'
  | 'refund'
  | 'ignored'
  | 'wrong_merchant'
  | 'wrong_amount'
  | 'unknown_order'
  | 'bad_signature'
  | 'malformed';

export interface PaymentsDeps {
  uow: AppUnitOfWork;
  now: () => number;
  provider: PaymentProvider | PaymentProviders;
  /** Signs our own cashier links (Native QR, WeChat browser JSAPI). */
  secret?: string;
  orders: OrdersService;
  refunds: Refunds;
  /** The customer's openid in a WeChat app (the accounts service), for JSAPI; without it JSAPI is refused. */
  openidOf?: (userId: number, app: 'mp' | 'oa') => Promise<string | null>;
  log?: (msg: string, err?: unknown) => void;
}

const S = OrderStatus;

/** Only a path of our own site (no scheme, no host, no `//`): the cashier can never send the browser elsewhere. */
export function safeReturnPath(raw: string | undefined, fallback: string): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return fallback;
  try {
    const u = new URL(raw, 'http://site.invalid');
    if (u.host !== 'site.invalid') return fallback;
    return `${u.pathname}${u.search}`;
  } catch {
    return fallback;
  }
}

/**
 * Online payment (DESIGN.md §5): `pay` makes the order's payment (once per order and provider) and asks the provider
 * for a cashier page (H5) or the mini program's payment parameters; the provider's notification is verified, checked
 * against order and amount and marks the order paid exactly once (the conditional move 0 -> 6 decides; repeats,
 * late, out-of-order and wrong notifications change nothing); `check-order-pay` asks the provider when no
 * notification came. No provider call runs inside a transaction.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { uow, now, orders, refunds } = deps;
  const providers = asProviders(deps.provider);
  const { repos } = uow;
  const log = deps.log ?? (() => undefined);
  const secret = deps.secret ?? null;

  /** One trade per order, provider and channel: an out_trade_no is never sent again with other parameters. */
  const tradeNo = (order: OrderRow, provider: PaymentProvider, channel: PayChannel) =>
    `${orderNo(order)}${provider.name.slice(0, 2).toUpperCase()}${CHANNEL_CODES[channel]}`;

  /** Applies a verified notice (or query result) in one transaction; the refund of a late payment goes after. */
  async function apply(notice: PaymentNotice, source: 'notify' | 'query'): Promise<NoticeOutcome> {
    const at = now();
    const payment = await repos.payments.byTradeNo(notice.outTradeNo);
    const provider = providers.byName(payment?.provider ?? '') ?? providers.all[0]!;
    const event = (outcome: NoticeOutcome, orderId: number | null) =>
      repos.payments.addEvent({
        provider: provider.name,
        source,
        out_trade_no: notice.outTradeNo.slice(0, 64),
        order_id: orderId,
        transaction_id: notice.transactionId.slice(0, 128),
        amount_fen: notice.amountFen,
        outcome,
        raw_state: notice.rawState.slice(0, 32),
        at,
      });
    if (!payment) {
      await event('unknown_order', null);
      return 'unknown_order';
    }
    const order = await orders.byId(payment.order_id);
    if (!order) {
      await event('unknown_order', null);
      return 'unknown_order';
    }
    if (notice.amountFen !== Number(payment.amount_fen) || notice.amountFen !== Number(order.total_fen)) {
      log(`payment ${notice.outTradeNo}: amount ${notice.amountFen} fen, expected ${Number(payment.amount_fen)}`);
      await event('wrong_amount', order.id);
      return 'wrong_amount';
    }
    if (notice.state === 'closed') {
      // The provider closed the trade (not paid): nothing to change; the unpaid-order timeout cancels the order.
      await event('closed', order.id);
      return 'closed';
    }
    let refund: RefundToSend | null = null;
    let outcome: NoticeOutcome;
    try {
      outcome = await uow.transaction(async (tx) => {
        const paid = await orders.markPaid(tx, order, at, notice.paidAt);
        if (paid) {
          if (!(await tx.payments.settle(notice.outTradeNo, 'paid', notice.transactionId, notice.paidAt, at))) {
            throw new Error(`payment ${notice.outTradeNo} was settled while its order was unpaid`);
          }
          await tx.payments.addEvent(eventRow('paid'));
          return 'paid';
        }
        const now_ = await orders.byId(order.id, tx);
        const ended = now_?.status === S.Cancelled || now_?.status === S.Refunded;
        // Paid by another attempt (another channel's trade) already: this second payment is money taken twice.
        const paidElsewhere = now_?.paid_at !== null && payment.state !== 'paid' && !ended;
        // Money taken for an order cancelled meanwhile (or twice): recorded once, and given back through the provider.
        if (
          (ended || paidElsewhere) &&
          (await tx.payments.settle(notice.outTradeNo, 'late', notice.transactionId, notice.paidAt, at))
        ) {
          refund = await refunds.record(tx, order.id, payment, at);
          await tx.payments.addEvent(eventRow('late'));
          return 'late';
        }
        await tx.payments.addEvent(eventRow('duplicate'));
        return 'duplicate';
      });
    } catch (e) {
      // The provider's transaction id is unique: the same payment presented for another trade changes nothing.
      if (!isUniqueViolation(e)) throw e;
      await event('duplicate', order.id);
      return 'duplicate';
    }
    if (refund) await refunds.send(refund);
    return outcome;

    function eventRow(outcome: NoticeOutcome) {
      return {
        provider: provider.name,
        source,
        out_trade_no: notice.outTradeNo,
        order_id: order!.id,
        transaction_id: notice.transactionId,
        amount_fen: notice.amountFen,
        outcome,
        raw_state: notice.rawState.slice(0, 32),
        at,
      };
    }
  }

  async function ownOrder(userId: number, orderId: number) {
    const order = await orders.ownedBy(userId, orderId);
    if (!order) throw notFound('order.not_found', { id: orderId });
    return order;
  }

  async function reconcile(orderId: number): Promise<NoticeOutcome[]> {
    const applied: NoticeOutcome[] = [];
    for (const p of await repos.payments.ofOrder(orderId)) {
      const provider = providers.byName(p.provider);
      if ((p.state !== 'created' && p.state !== 'closed') || !provider) continue;
      let q;
      try {
        q = await provider.query(p.out_trade_no);
      } catch (err) {
        log(`payment query ${p.out_trade_no} failed`, err);
        continue;
      }
      if (q.state !== 'paid') {
        await repos.payments.addEvent({
          provider: p.provider,
          source: 'query',
          out_trade_no: p.out_trade_no,
          order_id: orderId,
          transaction_id: '',
          amount_fen: null,
          outcome: `not_paid_${q.state}`,
          raw_state: q.rawState.slice(0, 32),
          at: now(),
        });
      }
      if (q.state === 'paid' && q.transactionId && q.amountFen !== undefined && q.paidAt !== undefined) {
        const notice: PaymentNotice = {
          kind: 'payment',
          rawState: q.rawState,
          outTradeNo: p.out_trade_no,
          transactionId: q.transactionId,
          amountFen: q.amountFen,
          state: 'paid',
          paidAt: q.paidAt,
        };
        applied.push(await apply(notice, 'query'));
      }
    }
    return applied;
  }

  const checkResult = (o: OrderRow, lang: Lang): CheckOrderPay => ({
    order_id: o.id,
    paid: o.paid_at !== null || (o.payment_method === 'cod' && o.status !== S.Cancelled && o.status !== S.Refunded),
    status: o.status,
    status_text: orderStatusText(o, lang),
  });

  /** Closes the order's other open trades (another channel's), so only the new one can be paid. */
  async function closeOthers(orderId: number, keep: string) {
    for (const p of await repos.payments.ofOrder(orderId)) {
      const provider = providers.byName(p.provider);
      if (p.state !== 'created' || p.out_trade_no === keep || !provider) continue;
      await closeTrade(provider, p.out_trade_no, orderId);
    }
  }

  /** Closes a trade at its provider and records it; a trade found paid meanwhile is applied instead. */
  async function closeTrade(
    provider: PaymentProvider,
    outTradeNo: string,
    orderId: number,
  ): Promise<'closed' | 'paid' | 'failed'> {
    let outcome: 'closed' | 'paid' | 'failed' = 'closed';
    let raw = 'CLOSED';
    try {
      await provider.close(outTradeNo);
    } catch (err) {
      raw = (err as { code?: string }).code || 'ERROR';
      outcome = raw === 'ORDERPAID' ? 'paid' : 'failed';
      if (outcome === 'failed') log(`closing ${outTradeNo} failed`, err);
    }
    if (outcome === 'closed') await repos.payments.markClosed(outTradeNo, now());
    await repos.payments.addEvent({
      provider: provider.name,
      source: 'close',
      out_trade_no: outTradeNo,
      order_id: orderId,
      transaction_id: '',
      amount_fen: null,
      outcome: `close_${outcome}`,
      raw_state: raw.slice(0, 32),
      at: now(),
    });
    return outcome;
  }

  const cashierLink = (site: { origin: string; apiPrefix: string }, session: OwnCashierSession) =>
    `${site.origin}${site.apiPrefix}${OWN_CASHIER_PATH}?t=${encodeURIComponent(signToken(ownSecret(), session))}`;
  const ownSecret = () => {
    if (!secret) throw new Error('our cashier needs a secret (PAYMENT_SANDBOX_SECRET, or WECHATPAY_API_V3_KEY)');
    return secret;
  };
  const readOwn = (token: string) => (secret ? readToken<OwnCashierSession>(secret, token) : null);

  return {
    /** The providers' names (the notification routes answer these). */
    providerNames: providers.all.map((p) => p.name),
    hasSandbox: providers.byName('sandbox') !== null,

    /**
     * Browser: the cashier URL (the provider's page, or ours for a Native QR code and for WeChat's JSAPI bridge);
     * mini program: the requestPayment parameters. The channel is the server's choice, from the session (a mini
     * program session pays with JSAPI and its openid) and the request (the WeChat browser, a phone, a desktop).
     * `origin` is this site's (PUBLIC_BASE_URL or the request's); providers notify
     * `{origin}{apiPrefix}/payments/notify/{provider}`.
     */
    async pay(
      userId: number,
      body: PayBody,
      lang: Lang,
      site: { origin: string; apiPrefix: string },
      request: { platform?: 'h5' | 'weapp'; userAgent?: string; ip?: string } = {},
    ): Promise<PayTicket> {
      const order = await ownOrder(userId, body.order_id);
      if (!isOnline(order)) throw failed('pay.not_online');
      if (order.status !== S.Submitted) throw failed('pay.not_payable', { status: statusText(order.status, lang) });
      const deadline = orders.payBefore(order)!;
      if (now() >= deadline) throw failed('pay.expired');
      const provider = providers.forMethod(order.payment_method);
      if (!provider) throw failed('pay.provider_failed');
      const channel = channelOf(request.platform ?? null, request.userAgent ?? '');
      if (!provider.channels.includes(channel)) {
        throw failed(provider.name === 'alipay' ? 'pay.alipay_in_wechat' : 'pay.provider_failed');
      }
      let openid: string | undefined;
      if (channel === 'weapp' || channel === 'wechat-browser') {
        openid = (await deps.openidOf?.(userId, channel === 'weapp' ? 'mp' : 'oa')) ?? undefined;
        if (!openid && provider.name !== 'sandbox') throw failed('pay.wechat_login_needed');
      }
      const amount = Number(order.total_fen);
      const payment = await repos.payments.ensure(
        order.id,
        provider.name,
        channel,
        tradeNo(order, provider, channel),
        amount,
        now(),
      );
      if (payment.state !== 'created') throw failed('pay.not_payable', { status: statusText(order.status, lang) });
      await closeOthers(order.id, payment.out_trade_no);
      const returnPath = safeReturnPath(body.return_url, `/paySucc/${order.id}`);
      const cancelPath = `${returnPath}${returnPath.includes('?') ? '&' : '?'}cancelled=1`;
      const restaurant =
        lang === 'en' ? order.restaurant_name_en || order.restaurant_name_cn : order.restaurant_name_cn;
      let created;
      try {
        created = await provider.create({
          orderId: order.id,
          orderNo: orderNo(order),
          lang,
          outTradeNo: payment.out_trade_no,
          amountFen: Number(payment.amount_fen),
          description: `szeat ${restaurant}`.slice(0, 120),
          channel,
          notifyUrl: `${site.origin}${site.apiPrefix}${NOTIFY_PATH}/${provider.name}`,
          returnUrl: `${site.origin}${returnPath}`,
          cancelUrl: `${site.origin}${cancelPath}`,
          expiresAt: deadline,
          ...(openid ? { openid } : {}),
          ...(request.ip ? { clientIp: request.ip } : {}),
        });
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        log(`payment provider refused ${payment.out_trade_no}`, err);
        await repos.payments.addEvent({
          provider: provider.name,
          source: 'create',
          out_trade_no: payment.out_trade_no,
          order_id: order.id,
          transaction_id: '',
          amount_fen: amount,
          outcome: 'create_failed',
          raw_state: err.code.slice(0, 32),
          detail: channel,
          at: now(),
        });
        throw failed('pay.provider_failed');
      }
      if (created.providerRef) await repos.payments.setRef(payment.out_trade_no, created.providerRef, now());
      await repos.payments.addEvent({
        provider: provider.name,
        source: 'create',
        out_trade_no: payment.out_trade_no,
        order_id: order.id,
        transaction_id: '',
        amount_fen: amount,
        outcome: 'created',
        detail: channel,
        at: now(),
      });
      const session: OwnCashierSession = {
        order_id: order.id,
        order_no: orderNo(order),
        lang,
        amount_fen: amount,
        return_url: `${site.origin}${returnPath}`,
        cancel_url: `${site.origin}${cancelPath}`,
        expires_at: deadline,
        ...(created.codeUrl ? { code_url: created.codeUrl } : {}),
        ...(created.jsapi ? { jsapi: created.jsapi } : {}),
      };
      const cashierUrl =
        created.cashierUrl ?? (created.codeUrl || created.jsapi ? cashierLink(site, session) : undefined);
      return {
        provider: provider.name,
        order_id: order.id,
        amount_fen: Number(payment.amount_fen),
        out_trade_no: payment.out_trade_no,
        ...(cashierUrl ? { cashier_url: cashierUrl } : {}),
        ...(created.weapp ? { weapp: created.weapp } : {}),
        pay_before: deadline,
      };
    },

    /** Whether the order is paid; an unpaid online order's payment is looked up at the provider (lost notification). */
    async check(userId: number, orderId: number, lang: Lang): Promise<CheckOrderPay> {
      const order = await ownOrder(userId, orderId);
      if (order.status === S.Submitted && isOnline(order)) await reconcile(order.id);
      return checkResult(await ownOrder(userId, orderId), lang);
    },

    /**
     * Asks the provider about the order's unsettled payments and applies what it says (a lost notification). The job
     * runner calls this before cancelling an unpaid order, so a payment whose notification is late is not cancelled.
     * Answers the outcomes applied (empty when the provider knows of no payment).
     */
    reconcile,

    /**
     * Before a timed-out order is cancelled: every open trade is closed at its provider (so it can no longer be paid),
     * then asked once more; a trade paid meanwhile is applied (the order is kept). Answers true when the order may be
     * cancelled.
     */
    async closeForTimeout(orderId: number): Promise<boolean> {
      let mayCancel = true;
      for (const p of await repos.payments.ofOrder(orderId)) {
        const provider = providers.byName(p.provider);
        if (p.state !== 'created' || !provider) continue;
        const closed = await closeTrade(provider, p.out_trade_no, orderId);
        if (closed === 'failed') mayCancel = false;
      }
      const applied = await reconcile(orderId);
      return mayCancel && !applied.includes('paid');
    },

    /** Our own cashier page's session (Native QR, WeChat browser JSAPI); null when the link was altered. */
    ownCashier(token: string): OwnCashierSession | null {
      return readOwn(token);
    },

    /** The cashier page polls this: asks the provider when the order is still unpaid. */
    async ownCashierStatus(token: string): Promise<{ paid: boolean; status: number } | null> {
      const session = readOwn(token);
      if (!session) return null;
      let order = await orders.byId(session.order_id);
      if (order && order.status === S.Submitted) {
        await reconcile(order.id);
        order = await orders.byId(session.order_id);
      }
      return { paid: order?.paid_at !== null && order !== undefined, status: order?.status ?? -1 };
    },

    /** The provider's notification: verified over the raw bytes, then applied; answered in the provider's format. */
    async notify(
      providerName: string,
      headers: Record<string, string | string[] | undefined>,
      rawBody: string,
    ): Promise<{ outcome: NoticeOutcome; reply: NotifyReply } | null> {
      const provider = providers.byName(providerName);
      if (!provider) return null;
      const parsed = await provider.parseNotification(headers, rawBody);
      if (!parsed.ok) {
        // A verified notice about a state we do not act on: acknowledged, nothing changes.
        if (parsed.reason === 'ignored') return { outcome: 'ignored', reply: provider.notifyReply(true, 'ignored') };
        log(`payment notification refused: ${parsed.reason}`);
        const outcome: NoticeOutcome =
          parsed.reason === 'malformed'
            ? 'malformed'
            : parsed.reason === 'merchant'
              ? 'wrong_merchant'
              : 'bad_signature';
        await repos.payments.addEvent({
          provider: provider.name,
          source: 'notify',
          out_trade_no: '',
          order_id: null,
          transaction_id: '',
          amount_fen: null,
          outcome,
          raw_state: parsed.reason,
          at: now(),
        });
        return { outcome, reply: provider.notifyReply(false, outcome) };
      }
      if (parsed.notice.kind === 'refund') {
        const n = parsed.notice;
        await repos.payments.setRefundState(n.refundNo, n.state, now(), n.rawState, n.refundId);
        await repos.payments.addEvent({
          provider: provider.name,
          source: 'refund_notify',
          out_trade_no: n.outTradeNo,
          order_id: null,
          transaction_id: n.refundId.slice(0, 128),
          amount_fen: n.amountFen,
          outcome: `refund_${n.state}`,
          raw_state: n.rawState.slice(0, 32),
          detail: n.refundNo,
          at: now(),
        });
        return { outcome: 'refund', reply: provider.notifyReply(true, 'refund') };
      }
      const outcome = await apply(parsed.notice, 'notify');
      // Handled (or a harmless repeat): the provider stops resending. Unknown order or wrong amount: refused, logged.
      const accepted = outcome !== 'unknown_order' && outcome !== 'wrong_amount';
      return { outcome, reply: provider.notifyReply(accepted, outcome) };
    },

    /** Refunds still pending at their provider are asked again (the job runner); answers how many finished. */
    async followRefunds(): Promise<number> {
      let finished = 0;
      for (const r of await repos.payments.openRefunds()) {
        const provider = providers.byName(r.provider ?? '');
        if (!provider) continue;
        try {
          const q = await provider.queryRefund(r.refund_no, r.out_trade_no);
          await repos.payments.setRefundState(r.refund_no, q.state, now(), q.rawState, q.refundId);
          await repos.payments.addEvent({
            provider: provider.name,
            source: 'refund_query',
            out_trade_no: r.out_trade_no,
            order_id: r.order_id,
            transaction_id: (q.refundId ?? '').slice(0, 128),
            amount_fen: Number(r.amount_fen),
            outcome: `refund_${q.state}`,
            raw_state: q.rawState.slice(0, 32),
            detail: r.refund_no,
            at: now(),
          });
          if (q.state !== 'pending') finished += 1;
        } catch (err) {
          log(`refund query ${r.refund_no} failed`, err);
        }
      }
      return finished;
    },

    /**
     * Sends the order's refunds a provider refused (or whose answer was lost) again, each with its own refund number,
     * so the money goes back once (the operator tool). Answers what each retry did.
     */
    async retryRefunds(orderId: number): Promise<SentRefund[]> {
      const out: SentRefund[] = [];
      for (const r of await repos.payments.refunds(orderId)) {
        if (r.state !== 'failed') continue;
        const sent = await refunds.retry(r.refund_no);
        if (sent) out.push(sent);
      }
      return out;
    },

    /** The order's payment history: attempts, every event, refunds (the operator tool). */
    async history(orderId: number) {
      const [attempts, events, refunds] = await Promise.all([
        repos.payments.ofOrder(orderId),
        repos.payments.eventsOfOrder(orderId),
        repos.payments.refunds(orderId),
      ]);
      return { attempts, events, refunds };
    },

    /** The sandbox cashier: the session its link carries (null when altered), with the order's state now. */
    async cashier(token: string) {
      const sandbox = asSandbox(providers.byName('sandbox'));
      const session = sandbox?.session(token) ?? null;
      if (!session) return null;
      const order = await orders.byId(session.order_id);
      return { session, status: order?.status ?? null, expired: now() > session.expires_at };
    },

    /** The sandbox cashier's "pay": the sandbox records the payment and signs the notification to deliver. */
    async cashierPay(token: string) {
      const sandbox = asSandbox(providers.byName('sandbox'));
      if (!sandbox) return { error: 'token' as const };
      const result = await sandbox.pay(token);
      if ('error' in result) return result;
      return { session: result.session, notification: sandbox.loseNotifications ? null : result.notification };
    },
  };
}

/** Where our own cashier page lives under the API prefix (Native QR, WeChat browser JSAPI). */
export const OWN_CASHIER_PATH = '/payments/cashier';

/** What our own cashier link carries, signed (the page needs no server-side state and cannot be altered). */
export interface OwnCashierSession {
  order_id: number;
  order_no: string;
  lang: Lang;
  amount_fen: number;
  return_url: string;
  cancel_url: string;
  expires_at: number;
  code_url?: string;
  jsapi?: JsapiParams;
}

const CHANNEL_CODES: Record<PayChannel, string> = { weapp: 'W', 'wechat-browser': 'B', desktop: 'D', mobile: 'M' };

function asSandbox(provider: PaymentProvider | null): SandboxPayments | null {
  return provider?.name === 'sandbox' ? (provider as SandboxPayments) : null;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
