import type { CheckOrderPay, PayBody, PayTicket } from '../../../../types/api/payments';
import type { Lang } from '../../../../types/lang';
import { OrderStatus } from '../../../../types/order-status';
import { failed, notFound } from '../../errors';
import {
  PaymentProviderError,
  SANDBOX_CASHIER_PATH,
  type CashierSession,
  type NotifyReply,
  type PaymentNotice,
  type PaymentProvider,
  type SandboxPayments,
} from '../../integrations/payments';
import { isUniqueViolation } from '../../db/constraints';
import type { OrderRow } from '../orders/rows';
import { isOnline, orderNo, statusText, type OrdersService } from '../orders/service';
import type { AppUnitOfWork } from '../repositories';
import type { Refunds, RefundToSend } from './refunds';

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
  | 'wrong_amount'
  | 'unknown_order'
  | 'bad_signature'
  | 'malformed';

export interface PaymentsDeps {
  uow: AppUnitOfWork;
  now: () => number;
  provider: PaymentProvider;
  orders: OrdersService;
  refunds: Refunds;
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
  const { uow, now, provider, orders, refunds } = deps;
  const { repos } = uow;
  const log = deps.log ?? (() => undefined);

  const tradeNo = (order: OrderRow) => `${orderNo(order)}${provider.name.slice(0, 2).toUpperCase()}`;

  /** Applies a verified notice (or query result) in one transaction; the refund of a late payment goes after. */
  async function apply(notice: PaymentNotice, source: 'notify' | 'query'): Promise<NoticeOutcome> {
    const at = now();
    const payment = await repos.payments.byTradeNo(notice.outTradeNo);
    const event = (outcome: NoticeOutcome, orderId: number | null) =>
      repos.payments.addEvent({
        provider: provider.name,
        source,
        out_trade_no: notice.outTradeNo.slice(0, 64),
        order_id: orderId,
        transaction_id: notice.transactionId.slice(0, 128),
        amount_fen: notice.amountFen,
        outcome,
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
        // Money taken for an order cancelled meanwhile: recorded once, and given back through the provider.
        if (ended && (await tx.payments.settle(notice.outTradeNo, 'late', notice.transactionId, notice.paidAt, at))) {
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
      if (p.state !== 'created' || p.provider !== provider.name) continue;
      let q;
      try {
        q = await provider.query(p.out_trade_no);
      } catch (err) {
        log(`payment query ${p.out_trade_no} failed`, err);
        continue;
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
    status_text: statusText(o.status, lang),
  });

  return {
    providerName: provider.name,

    /**
     * H5: the cashier URL; mini program: the requestPayment parameters. `origin` is this site's (PUBLIC_BASE_URL or
     * the request's); the provider notifies `{origin}{apiPrefix}/payments/notify/{provider}`.
     */
    async pay(
      userId: number,
      body: PayBody,
      lang: Lang,
      site: { origin: string; apiPrefix: string },
    ): Promise<PayTicket> {
      const order = await ownOrder(userId, body.order_id);
      if (!isOnline(order)) throw failed('pay.not_online');
      if (order.status !== S.Submitted) throw failed('pay.not_payable', { status: statusText(order.status, lang) });
      const deadline = orders.payBefore(order)!;
      if (now() >= deadline) throw failed('pay.expired');
      const amount = Number(order.total_fen);
      const payment = await repos.payments.ensure(order.id, provider.name, tradeNo(order), amount, now());
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
          channel: body.platform === 'weapp' ? 'weapp' : 'mobile',
          notifyUrl: `${site.origin}${site.apiPrefix}${NOTIFY_PATH}/${provider.name}`,
          returnUrl: `${site.origin}${returnPath}`,
          cancelUrl: `${site.origin}${cancelPath}`,
          expiresAt: deadline,
        });
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        log(`payment provider refused ${payment.out_trade_no}`, err);
        throw failed('pay.provider_failed');
      }
      return {
        provider: provider.name,
        order_id: order.id,
        amount_fen: Number(payment.amount_fen),
        out_trade_no: payment.out_trade_no,
        ...(created.cashierUrl ? { cashier_url: created.cashierUrl } : {}),
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

    /** The provider's notification: verified over the raw bytes, then applied; answered in the provider's format. */
    async notify(
      providerName: string,
      headers: Record<string, string | string[] | undefined>,
      rawBody: string,
    ): Promise<{ outcome: NoticeOutcome; reply: NotifyReply } | null> {
      if (providerName !== provider.name) return null;
      const parsed = await provider.parseNotification(headers, rawBody);
      if (!parsed.ok) {
        log(`payment notification refused: ${parsed.reason}`);
        const outcome = parsed.reason === 'signature' ? 'bad_signature' : 'malformed';
        return { outcome, reply: provider.notifyReply(false, outcome) };
      }
      if (parsed.notice.kind === 'refund') {
        const n = parsed.notice;
        if (n.state !== 'pending') await repos.payments.setRefundState(n.refundNo, n.state, now());
        return { outcome: 'refund', reply: provider.notifyReply(true, 'refund') };
      }
      const outcome = await apply(parsed.notice, 'notify');
      // Handled (or a harmless repeat): the provider stops resending. Unknown order or wrong amount: refused, logged.
      const accepted = outcome !== 'unknown_order' && outcome !== 'wrong_amount';
      return { outcome, reply: provider.notifyReply(accepted, outcome) };
    },

    /** The sandbox cashier: the session its link carries (null when altered), with the order's state now. */
    async cashier(token: string) {
      const sandbox = asSandbox(provider);
      const session = sandbox?.session(token) ?? null;
      if (!session) return null;
      const order = await orders.byId(session.order_id);
      return { session, status: order?.status ?? null, expired: now() > session.expires_at };
    },

    /** The sandbox cashier's "pay": the sandbox records the payment and signs the notification to deliver. */
    cashierPay(token: string) {
      const sandbox = asSandbox(provider);
      if (!sandbox) return { error: 'token' as const };
      const result = sandbox.pay(token);
      if ('error' in result) return result;
      return { session: result.session, notification: sandbox.loseNotifications ? null : result.notification };
    },
  };
}

function asSandbox(provider: PaymentProvider): SandboxPayments | null {
  return provider.name === 'sandbox' ? (provider as SandboxPayments) : null;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
