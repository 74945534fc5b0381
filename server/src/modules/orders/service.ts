import type { PriceLine } from '../../../../types/api/checkout';
import type { EndReason, Order, OrderList, OrderSummary } from '../../../../types/api/orders';
import { isOnlinePayment } from '../../../../types/catalogue';
import type { Lang } from '../../../../types/lang';
import {
  canMove,
  nextStatus,
  ORDER_STATUS_LABELS,
  OrderStatus,
  progressSteps,
  PROGRESS_STEP_LABELS,
  RATABLE_STATUSES,
  readyToCollect,
  type OrderStatusCode,
  type ProgressStep,
} from '../../../../types/order-status';
import { AppError, failed, notFound } from '../../errors';
import { translate } from '../../i18n/messages';
import type { Transactional } from '../../db/unit-of-work';
import type { ReorderResult } from '../../../../types/api/cart';
import type { CartService } from '../cart/service';
import { estimate } from '../checkout/estimate';
import { distanceM } from '../places/distance';
import type { Refunds, SentRefund } from '../payments/refunds';
import type { WalletService } from '../wallet/service';
import type { AppUnitOfWork, Repositories } from '../repositories';
import { orderNo } from './order-no';
import type { NewOrderEvent, OrderMoveColumns, OrderRow } from './rows';

export type OrdersTx = Transactional<Repositories>;
/** Who moved an order: recorded in its status history. */
export type OrderActor = 'customer' | 'payment' | 'merchant' | 'operator' | 'system' | 'demo';
/**
 * What an outbox row says happened: placed, moved (status), the customer's reminder, or a collection order marked
 * ready for collection (no status change: the specification's codes are fixed).
 */
export type OrderEventType = 'order.placed' | 'order.status' | 'order.hurry' | 'order.ready';

const S = OrderStatus;

export const statusText = (status: number, lang: Lang) =>
  ORDER_STATUS_LABELS[status as OrderStatusCode]?.[lang] ?? String(status);

/**
 * What an order's status reads as: a collection order marked ready keeps its code (being prepared) but reads "Ready
 * for collection", as its current step does, so every answer that carries `status_text` agrees with the timeline.
 */
export const orderStatusText = (
  o: { status: number; mode: string; marked_ready_at: number | string | bigint | null },
  lang: Lang,
) => (readyToCollect(o) ? PROGRESS_STEP_LABELS.ready[lang] : statusText(o.status, lang));

/** The number the customer sees (order-no.ts: the wallet's ledger shows it too). */
export { orderNo };

export const isOnline = (order: Pick<OrderRow, 'payment_method'>) => isOnlinePayment(order.payment_method);

/**
 * The customer may cancel an order until the restaurant accepts it (issue 18): an online order still awaiting its
 * payment, or any order waiting for the restaurant, paid or not (money and voucher go back at once, in the cancel's
 * transaction; an online payment is refunded right after). Once accepted, the kitchen has it: cancelling is the
 * restaurant's or customer service's decision.
 */
export const customerMayCancel = (o: Pick<OrderRow, 'status' | 'payment_method'>) =>
  o.status === S.Submitted || o.status === S.AwaitingMerchant;

/**
 * Why an order ended, from the history row that cancelled (or, without one, refunded) it: the unpaid-order sweep
 * (system, from Submitted) is "not paid in time"; otherwise who made the move.
 */
export function endReasonOf(
  history: ReadonlyArray<{ from_status: number | null; status: number; actor: string }>,
): EndReason {
  const end =
    history.find((h) => h.status === S.Cancelled) ?? history.find((h) => h.status === S.Refunded) ?? undefined;
  if (!end) return null;
  if (end.actor === 'customer') return 'customer';
  if (end.actor === 'merchant') return 'restaurant';
  if (end.actor === 'system' && end.from_status === S.Submitted) return 'payment_timeout';
  return 'support';
}

/**
 * Moves an order from `from` to `to` inside the caller's transaction: refused (1001) when the transition table
 * (types/order-status.ts) has no such move for the order's mode; otherwise ONE conditional UPDATE … WHERE status =
 * :from whose row count decides, and its history row in the same transaction. Answers false when the order was no
 * longer in `from` (a racing move won): nothing changed, the caller decides what that means.
 */
export async function transition(
  tx: OrdersTx,
  orderId: number,
  from: number,
  to: number,
  actor: OrderActor,
  options: {
    at: number;
    paidAt?: number;
    mode?: 'delivery' | 'collection';
    /** The order's row as read in this transaction (saves reading it again for the event). */
    order?: Pick<OrderRow, 'mode' | 'restaurant_id' | 'user_id'>;
    /** Columns set in the same statement, a collection code it must match. */
    also?: OrderMoveColumns;
    /** Said in the event besides the move (a rejection's reason, the ready time). */
    detail?: Record<string, unknown>;
  },
): Promise<boolean> {
  const row = options.order ?? (await tx.orders.byId(orderId));
  if (!row) throw notFound('order.not_found', { id: orderId });
  const mode = options.mode ?? row.mode;
  if (!canMove(mode, from, to)) throw failed('order.move_refused', { id: orderId, from, to });
  if (!(await tx.orders.moveStatus(orderId, from, to, options.at, options.paidAt, options.also))) return false;
  await tx.orders.addHistory({ order_id: orderId, from_status: from, status: to, actor, at: options.at });
  await addOrderEvent(tx, { id: orderId, ...row }, 'order.status', options.at, {
    from,
    status: to,
    actor,
    ...options.detail,
  });
  return true;
}

/** Each open transaction's events not written yet (addOrderEvent writes them when its work is done). */
const pendingEvents = new WeakMap<OrdersTx, NewOrderEvent[]>();

/**
 * The outbox row of an order change, in the change's transaction (DESIGN §4a: it exists exactly when the change
 * does). Written as the transaction's last statements, in the order added (`tx.beforeCommit`): on PostgreSQL event
 * ids are taken under a lock held until commit (orders repository `addEvents`), so it is held only for the insert
 * and the commit, and never while the transaction waits for another row lock (no deadlock with a writer that holds
 * such a row and waits for the event lock).
 */
export async function addOrderEvent(
  tx: OrdersTx,
  order: Pick<OrderRow, 'id' | 'restaurant_id' | 'user_id'>,
  type: OrderEventType,
  at: number,
  payload: Record<string, unknown>,
): Promise<void> {
  let pending = pendingEvents.get(tx);
  if (!pending) {
    const rows: NewOrderEvent[] = [];
    pendingEvents.set(tx, (pending = rows));
    tx.beforeCommit(() => {
      pendingEvents.delete(tx);
      return tx.orders.addEvents(rows);
    });
  }
  pending.push({
    order_id: order.id,
    restaurant_id: order.restaurant_id,
    user_id: order.user_id,
    type,
    payload: JSON.stringify(payload),
    at,
  });
}

/** What a cancel, refund or advance did. */
export interface OrderMove {
  order_id: number;
  from: number;
  status: number;
  /** Wallet money given back by this move (fen); 0 when none or already given back. */
  wallet_returned_fen: number;
  voucher_returned: boolean;
  /** An online payment to give back through the provider (asked after the transaction). */
  provider_refund: SentRefund | null;
}

export interface MoveOptions {
  actor: OrderActor;
  /** Only if the order is (still) in this status, e.g. the unpaid-order sweep cancels only status 0. */
  expect?: number;
  /** Only if the order is (still) in one of these statuses (a customer cancels before the restaurant accepts). */
  expectIn?: readonly number[];
  /** Only the customer's own order (another's is as absent as a missing one). */
  userId?: number;
  /** Columns the first move sets, and what its event says (a rejection's reason). */
  also?: OrderMoveColumns;
  detail?: Record<string, unknown>;
}

/** Why a restaurant refused an order; `timeout` when nobody accepted it in time. */
export const REJECT_REASONS = ['sold_out', 'too_busy', 'closing', 'other'] as const;
export type RejectReason = (typeof REJECT_REASONS)[number] | 'timeout';

/** Statuses an order waits in for its restaurant, and those after acceptance until the food is out. */
const ACCEPTED_OPEN: readonly number[] = [S.ConfirmedByRestaurant, S.BeingPrepared, S.DriverAssigned, S.DriverOnTheWay];

/** The customer's reminders: at most this many, this far apart. */
export const HURRY_MAX = 3;
export const HURRY_GAP_MS = 5 * 60_000;

export interface OrdersDeps {
  uow: AppUnitOfWork;
  now: () => number;
  /** Gives back an ended order's online payment (the payments module's refunds). */
  refunds: Refunds;
  /** Gives back an ended order's voucher and wallet debit. */
  wallet: Pick<WalletService, 'releaseVoucher' | 'credit'>;
  /** Online orders not paid within this time are cancelled (ORDER_PAYMENT_TIMEOUT_MINUTES). */
  paymentTimeoutMs: number;
  /** Puts a past order's lines back into the cart (order again). */
  cart: Pick<CartService, 'refill'>;
}

/**
 * A collection order's timeline gets "Ready for collection" between preparing and completed: reached when the
 * restaurant marked it (its time), or, handed over without the mark, when it was completed. A cancelled order
 * shows it only if it had been reached.
 */
export function withReadyStep(
  steps: ProgressStep[],
  o: Pick<OrderRow, 'mode' | 'marked_ready_at'>,
  lang: Lang,
): ProgressStep[] {
  if (o.mode !== 'collection') return steps;
  const at = o.marked_ready_at === null ? undefined : Number(o.marked_ready_at);
  const completed = steps.find((s) => s.key === 'completed');
  const ended = steps.some((s) => s.key === 'cancelled' || s.key === 'refunded');
  if (ended && at === undefined) return steps;
  const done = at !== undefined || completed?.done === true;
  const step: ProgressStep = {
    key: 'ready',
    label: PROGRESS_STEP_LABELS.ready[lang],
    done,
    ...(at !== undefined ? { at } : {}),
  };
  const i = steps.findIndex((s) => s.key === 'preparing');
  return [...steps.slice(0, i + 1), step, ...steps.slice(i + 1)];
}

const refused = (order: Pick<OrderRow, 'id' | 'status'>) =>
  failed('order.changed', { id: order.id, status: order.status });

/**
 * The customer's orders (orderlist, orderinfo) and the moves the operator tool, the job runner and later the
 * restaurant console make: `advance` along the mode's forward path, `cancel` and `refund`, which give back the
 * voucher and the wallet debit in the same transaction, exactly once (the status move decides who does it; the
 * ledger's unique key and the voucher's conditional release make a repeat a no-op), and ask the provider to refund
 * an online payment after the transaction.
 */
export function createOrdersService(deps: OrdersDeps) {
  const { uow, now, refunds, wallet, paymentTimeoutMs, cart } = deps;
  const { repos } = uow;
  const payBefore = (o: OrderRow) =>
    o.status === S.Submitted && isOnline(o) ? Number(o.created_at) + paymentTimeoutMs : null;

  function summary(o: OrderRow & { rating_id?: number | null }, itemCount: number, lang: Lang): OrderSummary {
    const ratingId = o.rating_id ?? null;
    return {
      id: o.id,
      order_no: orderNo(o),
      restaurant_id: o.restaurant_id,
      restaurant_name: lang === 'en' ? o.restaurant_name_en || o.restaurant_name_cn : o.restaurant_name_cn,
      status: o.status,
      status_text: orderStatusText(o, lang),
      total_fen: Number(o.total_fen),
      created_at: Number(o.created_at),
      mode: o.mode,
      payment_method: o.payment_method,
      item_count: itemCount,
      needs_payment: o.status === S.Submitted && isOnline(o) && Number(o.total_fen) > 0,
      rating_id: ratingId,
      can_rate: ratingId === null && RATABLE_STATUSES.includes(o.status as OrderStatusCode),
      can_cancel: customerMayCancel(o),
      marked_ready_at: o.marked_ready_at === null ? null : Number(o.marked_ready_at),
    };
  }

  async function load(orderId: number): Promise<OrderRow> {
    const order = await repos.orders.byId(orderId);
    if (!order) throw notFound('order.not_found', { id: orderId });
    return order;
  }

  /** Voucher, wallet debit and (recorded here, sent after) the online payment go back, each at most once. */
  async function giveBack(tx: OrdersTx, order: OrderRow, at: number) {
    const voucherReturned = order.voucher_id !== null && (await wallet.releaseVoucher(tx, order.voucher_id, order.id));
    let walletReturned = 0;
    const walletPaid = Number(order.wallet_paid_fen);
    if (walletPaid > 0) {
      const moved = await wallet.credit(
        tx,
        order.user_id,
        walletPaid,
        { reason: 'order_refund', refType: 'order', refId: order.id },
        at,
      );
      if (moved.status === 'applied') walletReturned = walletPaid;
    }
    const refund = isOnline(order) && order.paid_at !== null ? await refunds.recordPaidOf(tx, order.id, at) : null;
    return { voucherReturned, walletReturned, refund };
  }

  /** A move to Cancelled or Refunded with the give-backs, in one transaction. */
  async function endOrder(orderId: number, to: typeof S.Cancelled | typeof S.Refunded, opts: MoveOptions) {
    const at = now();
    const done = await uow.transaction(async (tx) => {
      const order = await tx.orders.byId(orderId);
      if (!order || (opts.userId !== undefined && order.user_id !== opts.userId)) {
        throw notFound('order.not_found', { id: orderId });
      }
      const from = order.status;
      if (opts.expect !== undefined && from !== opts.expect) throw refused(order);
      if (opts.expectIn !== undefined && !opts.expectIn.includes(from)) throw refused(order);
      const move = {
        at,
        order,
        ...(opts.also ? { also: opts.also } : {}),
        ...(opts.detail ? { detail: opts.detail } : {}),
      };
      if (!(await transition(tx, orderId, from, to, opts.actor, move))) throw refused(order);
      let status: number = to;
      // A cancelled order that was paid online goes on to Refunded: its money goes back now.
      if (to === S.Cancelled && isOnline(order) && order.paid_at !== null) {
        await transition(tx, orderId, S.Cancelled, S.Refunded, opts.actor, {
          at,
          order,
          ...(opts.detail ? { detail: opts.detail } : {}),
        });
        status = S.Refunded;
      }
      return { from, status, ...(await giveBack(tx, order, at)) };
    });
    const move: OrderMove = {
      order_id: orderId,
      from: done.from,
      status: done.status,
      wallet_returned_fen: done.walletReturned,
      voucher_returned: done.voucherReturned,
      provider_refund: done.refund ? await refunds.send(done.refund) : null,
    };
    return move;
  }

  /** When the food is expected, while it is still to come (Estimate: checkout/estimate.ts's rule). */
  function estimateOf(
    o: OrderRow,
    place: { lat: number; lng: number; prep_minutes: number } | undefined,
  ): Order['estimate'] {
    const still = [
      S.Submitted,
      S.AwaitingMerchant,
      S.ConfirmedByRestaurant,
      S.BeingPrepared,
      S.DriverAssigned,
      S.DriverOnTheWay,
    ];
    if (!(still as number[]).includes(o.status)) return null;
    if (o.mode === 'collection') {
      const at = o.ready_at !== null ? Math.max(Number(o.ready_at), Number(o.collection_time ?? 0)) : o.collection_time;
      return at === null ? null : estimate(0, { mode: 'collection', time: Number(at) });
    }
    if (!place || o.address_lat === null || o.address_lng === null) return null;
    return estimate(Number(o.paid_at ?? o.created_at), {
      mode: 'delivery',
      prepMinutes: o.prep_minutes ?? place.prep_minutes,
      distanceM: distanceM(Number(o.address_lat), Number(o.address_lng), Number(place.lat), Number(place.lng)),
    });
  }

  /** What an ended order gave back (giveBack): its online refunds as recorded, the wallet money, the voucher. */
  function refundOf(
    o: OrderRow,
    refunds: ReadonlyArray<{ amount_fen: number; state: 'pending' | 'done' | 'failed' }>,
  ): NonNullable<Order['refund']> | null {
    const online = refunds.reduce((n, r) => n + Number(r.amount_fen), 0);
    const wallet = Number(o.wallet_paid_fen);
    const voucher = o.voucher_id !== null;
    if (online === 0 && wallet === 0 && !voucher) return null;
    const states = refunds.map((r) => r.state);
    const state = states.includes('failed')
      ? 'failed'
      : states.includes('pending')
        ? 'pending'
        : states.length > 0
          ? 'done'
          : null;
    return { online_fen: online, online_state: state, wallet_fen: wallet, voucher_returned: voucher };
  }

  /**
   * The price lines checkout stored with the order, in the request's language. An order placed before they were
   * stored gets them from its amounts: the fee as charged (delivery only) and the discount as its voucher's.
   */
  function priceLinesOf(o: OrderRow, lang: Lang): PriceLine[] {
    const stored = JSON.parse(o.price_lines || '[]') as Array<PriceLine & { name_cn?: string; name_en?: string }>;
    if (stored.length > 0) {
      return stored.map((l) => ({
        kind: l.kind,
        name: (lang === 'en' ? l.name_en || l.name_cn : l.name_cn) ?? l.name,
        amount_fen: Number(l.amount_fen),
        promotion_id: l.promotion_id ?? null,
        voucher_id: l.voucher_id ?? null,
      }));
    }
    const lines: PriceLine[] = [];
    if (o.mode === 'delivery') {
      lines.push({
        kind: 'delivery_fee',
        name: translate(lang, 'checkout.delivery_fee'),
        amount_fen: Number(o.delivery_fee_fen),
        promotion_id: null,
        voucher_id: null,
      });
    }
    if (Number(o.discount_fen) > 0) {
      lines.push({
        kind: 'voucher',
        name: translate(lang, 'checkout.voucher'),
        amount_fen: -Number(o.discount_fen),
        promotion_id: null,
        voucher_id: o.voucher_id,
      });
    }
    return lines;
  }

  async function detail(o: OrderRow & { rating_id?: number | null }, lang: Lang): Promise<Order> {
    const ended = o.status === S.Cancelled || o.status === S.Refunded;
    const [lines, history, place, refunds] = await Promise.all([
      repos.orders.lines(o.id),
      repos.orders.history(o.id),
      repos.orders.restaurant(o.restaurant_id),
      ended ? repos.payments.refunds(o.id) : Promise.resolve([]),
    ]);
    const hist = history.map((h) => ({
      from_status: h.from_status,
      status: h.status,
      status_text: statusText(h.status, lang),
      at: Number(h.at),
    }));
    const en = lang === 'en';
    return {
      ...summary(
        o,
        lines.reduce((n, l) => n + l.quantity, 0),
        lang,
      ),
      goods_fen: Number(o.goods_fen),
      delivery_fee_fen: Number(o.delivery_fee_fen),
      discount_fen: Number(o.discount_fen),
      price_lines: priceLinesOf(o, lang),
      wallet_paid_fen: Number(o.wallet_paid_fen),
      voucher_id: o.voucher_id,
      paid: o.paid_at !== null,
      paid_at: o.paid_at === null ? null : Number(o.paid_at),
      comment: o.comment,
      cutlery: o.cutlery === 1,
      collection_time: o.collection_time === null ? null : Number(o.collection_time),
      collection_code: o.collection_code,
      recipient_name: o.recipient_name,
      phone: o.phone,
      address: en ? o.address_en || o.address_cn : o.address_cn,
      lines: lines.map((l) => ({
        dish_id: l.item_id,
        name: en ? l.name_en || l.name_cn : l.name_cn,
        option_ids: JSON.parse(l.option_ids) as number[],
        option_names: JSON.parse(en ? l.options_en : l.options_cn) as string[],
        quantity: l.quantity,
        unit_price_fen: Number(l.unit_price_fen),
        line_total_fen: Number(l.line_total_fen),
      })),
      restaurant_phone: place?.phone ?? '',
      restaurant_address: (en ? place?.address_en || place?.address_cn : place?.address_cn) ?? '',
      restaurant_lat: Number(place?.lat ?? 0),
      restaurant_lng: Number(place?.lng ?? 0),
      estimate: estimateOf(o, place),
      status_history: hist,
      steps: withReadyStep(progressSteps(o.mode, hist, lang), o, lang),
      end_reason: endReasonOf(history),
      pay_before: payBefore(o),
      updated_at: Number(o.updated_at),
      prep_minutes: o.prep_minutes,
      ready_at: o.ready_at === null ? null : Number(o.ready_at),
      marked_ready_at: o.marked_ready_at === null ? null : Number(o.marked_ready_at),
      reject_reason: o.reject_reason,
      refund: ended ? refundOf(o, refunds) : null,
      can_hurry:
        o.ready_at !== null &&
        o.marked_ready_at === null &&
        Number(o.ready_at) <= now() &&
        ACCEPTED_OPEN.includes(o.status) &&
        o.hurry_count < HURRY_MAX &&
        (o.hurry_at === null || Number(o.hurry_at) <= now() - HURRY_GAP_MS),
    };
  }

  async function info(userId: number, orderId: number, lang: Lang): Promise<Order> {
    const o = await repos.orders.ownedBy(userId, orderId);
    if (!o) throw notFound('order.not_found', { id: orderId });
    return detail(o, lang);
  }

  return {
    info,

    /**
     * The customer cancels their own order until the restaurant accepts it (customerMayCancel): one conditional move from
     * the status it was seen in, the voucher (and any wallet debit) given back in the same transaction. Of racing
     * cancels (or a cancel racing the payment or the restaurant) one move wins; the others are refused with
     * order.not_cancellable and change nothing. Answers the order as it is now.
     */
    async customerCancel(userId: number, orderId: number, lang: Lang): Promise<Order> {
      const o = await repos.orders.ownedBy(userId, orderId);
      if (!o) throw notFound('order.not_found', { id: orderId });
      if (!customerMayCancel(o)) throw failed('order.not_cancellable', { status: statusText(o.status, lang) });
      try {
        await endOrder(orderId, S.Cancelled, { actor: 'customer', expect: o.status });
      } catch (e) {
        if (!(e instanceof AppError) || (e.key !== 'order.changed' && e.key !== 'order.move_refused')) throw e;
        const now = await repos.orders.byId(orderId);
        throw failed('order.not_cancellable', { status: statusText(now?.status ?? o.status, lang) });
      }
      return info(userId, orderId, lang);
    },

    /**
     * Order again: the customer's past order's lines go back into the cart at its restaurant, each checked against
     * the menu as it is now (cart.refill); answers what went in and what changed or was left out.
     */
    async reorder(userId: number, orderId: number, lang: Lang): Promise<ReorderResult> {
      const o = await repos.orders.ownedBy(userId, orderId);
      if (!o) throw notFound('order.not_found', { id: orderId });
      const lines = await repos.orders.lines(o.id);
      return cart.refill(
        userId,
        o.restaurant_id,
        lines.map((l) => ({
          itemId: l.item_id,
          optionIds: JSON.parse(l.option_ids) as number[],
          quantity: l.quantity,
          unitPriceFen: Number(l.unit_price_fen),
          nameCn: l.name_cn,
          nameEn: l.name_en,
          optionNames: JSON.parse(lang === 'en' ? l.options_en : l.options_cn) as string[],
        })),
        lang,
      );
    },

    async list(userId: number, page: number, pageSize: number, lang: Lang): Promise<OrderList> {
      const { rows, total } = await repos.orders.page(userId, (page - 1) * pageSize, pageSize);
      return {
        list: rows.map((r) => summary(r, Number(r.item_count ?? 0), lang)),
        total,
        page,
        page_size: pageSize,
        has_more: page * pageSize < total,
      };
    },

    /** One step along the mode's forward path (operator tool, demo mode). An unpaid online order is not advanced. */
    async advance(orderId: number, opts: MoveOptions): Promise<OrderMove> {
      const at = now();
      const from = await uow.transaction(async (tx) => {
        const order = await tx.orders.byId(orderId);
        if (!order) throw notFound('order.not_found', { id: orderId });
        if (opts.expect !== undefined && order.status !== opts.expect) {
          throw failed('order.changed', { id: orderId, status: order.status });
        }
        if (order.status === S.Submitted) throw failed('order.awaiting_payment', { id: orderId });
        const next = nextStatus(order.mode, order.status);
        if (next === null) throw failed('order.no_next', { id: orderId, status: order.status });
        if (!(await transition(tx, orderId, order.status, next, opts.actor, { at, order }))) {
          throw failed('order.changed', { id: orderId, status: order.status });
        }
        return order.status;
      });
      const after = await load(orderId);
      return {
        order_id: orderId,
        from,
        status: after.status,
        wallet_returned_fen: 0,
        voucher_returned: false,
        provider_refund: null,
      };
    },

    /** Cancels (from the statuses the table allows), giving back voucher and wallet debit; paid online: refunded. */
    cancel: (orderId: number, opts: MoveOptions) => endOrder(orderId, S.Cancelled, opts),

    /** Refunds (from the statuses the table allows, Cancelled included): voucher, wallet and online payment back. */
    refund: (orderId: number, opts: MoveOptions) => endOrder(orderId, S.Refunded, opts),

    /** Unpaid online orders created before `before` (the job runner cancels them with `expect: 0`). */
    unpaidBefore: (before: number, limit?: number) => repos.orders.idsInStatus(S.Submitted, before, limit),

    /** Orders in a status (demo mode advances them). */
    inStatus: (status: number, before: number, limit?: number) => repos.orders.idsInStatus(status, before, limit),

    /** Orders in these statuses, placed after `createdAfter` and unchanged since `changedBefore` (demo mode). */
    changedBefore: (statuses: readonly number[], changedBefore: number, createdAfter: number, limit?: number) =>
      repos.orders.changedBefore(statuses, changedBefore, createdAfter, limit),

    /** The deadline to pay an online order (epoch ms), null when nothing is to pay. */
    payBefore,

    /** An order by id (inside `tx` when given), or undefined. */
    byId: (orderId: number, tx?: OrdersTx): Promise<OrderRow | undefined> => (tx ?? repos).orders.byId(orderId),

    /** The customer's own order; another customer's is as absent as a missing one. */
    ownedBy: (userId: number, orderId: number): Promise<OrderRow | undefined> => repos.orders.ownedBy(userId, orderId),

    /**
     * An unpaid online order is paid (Submitted -> AwaitingMerchant with its payment time), inside the caller's
     * transaction; false when it was no longer unpaid (a racing move won).
     */
    markPaid: (
      tx: OrdersTx,
      order: Pick<OrderRow, 'id' | 'mode' | 'restaurant_id' | 'user_id'>,
      at: number,
      paidAt: number,
    ) => transition(tx, order.id, S.Submitted, S.AwaitingMerchant, 'payment', { at, paidAt, order }),

    /**
     * The restaurant accepts a waiting order with a preparation time: AwaitingMerchant -> Confirmed in one
     * conditional statement that also records the time and the ready estimate the customer sees. A racing reject,
     * cancel or accept that won leaves it refused (order.changed).
     */
    async accept(orderId: number, prepMinutes: number, actor: OrderActor = 'merchant'): Promise<OrderRow> {
      const at = now();
      await uow.transaction(async (tx) => {
        const order = await tx.orders.byId(orderId);
        if (!order) throw notFound('order.not_found', { id: orderId });
        if (order.status === S.Submitted) throw failed('order.awaiting_payment', { id: orderId });
        if (order.status !== S.AwaitingMerchant) throw refused(order);
        const readyAt = at + prepMinutes * 60_000;
        const moved = await transition(tx, orderId, S.AwaitingMerchant, S.ConfirmedByRestaurant, actor, {
          at,
          order,
          also: { set: { prep_minutes: prepMinutes, accepted_at: at, ready_at: readyAt } },
          detail: { prep_minutes: prepMinutes, ready_at: readyAt },
        });
        if (!moved) throw refused(order);
      });
      return load(orderId);
    },

    /** The restaurant refuses a waiting order with a reason: cancelled, voucher, wallet and online payment back at once. */
    reject: (orderId: number, reason: RejectReason, actor: OrderActor = 'merchant') =>
      endOrder(orderId, S.Cancelled, {
        actor,
        expect: S.AwaitingMerchant,
        also: { set: { reject_reason: reason } },
        detail: { reason },
      }),

    /**
     * The restaurant moves an accepted order one step along its path (preparing, handed over, delivered). A waiting
     * order is accepted (accept), not moved; a collection order is handed over only with its code (collect).
     */
    async move(orderId: number, expectFrom: number | undefined, actor: OrderActor = 'merchant'): Promise<OrderMove> {
      const at = now();
      const from = await uow.transaction(async (tx) => {
        const order = await tx.orders.byId(orderId);
        if (!order) throw notFound('order.not_found', { id: orderId });
        if (expectFrom !== undefined && order.status !== expectFrom) throw refused(order);
        if (order.status === S.Submitted) throw failed('order.awaiting_payment', { id: orderId });
        if (order.status === S.AwaitingMerchant) throw failed('order.accept_first', { id: orderId });
        const next = nextStatus(order.mode, order.status);
        if (next === null) throw failed('order.no_next', { id: orderId, status: order.status });
        if (order.mode === 'collection' && next === S.Completed) throw failed('order.code_needed', { id: orderId });
        if (!(await transition(tx, orderId, order.status, next, actor, { at, order }))) throw refused(order);
        return order.status;
      });
      const after = await load(orderId);
      return {
        order_id: orderId,
        from,
        status: after.status,
        wallet_returned_fen: 0,
        voucher_returned: false,
        provider_refund: null,
      };
    },

    /**
     * A collection order handed over against the code the customer shows: BeingPrepared -> Completed only if the
     * code matches, in the same conditional statement. A wrong code changes nothing (order.code_wrong).
     */
    async collect(orderId: number, code: string, actor: OrderActor = 'merchant'): Promise<OrderMove> {
      const at = now();
      await uow.transaction(async (tx) => {
        const order = await tx.orders.byId(orderId);
        if (!order) throw notFound('order.not_found', { id: orderId });
        if (order.mode !== 'collection' || order.status !== S.BeingPrepared) throw refused(order);
        const moved = await transition(tx, orderId, S.BeingPrepared, S.Completed, actor, {
          at,
          order,
          also: { collectionCode: code.trim() },
        });
        if (!moved) {
          const again = await tx.orders.byId(orderId);
          if (again?.status === S.BeingPrepared) throw failed('order.code_wrong', { id: orderId });
          throw refused(again ?? order);
        }
      });
      const after = await load(orderId);
      return {
        order_id: orderId,
        from: S.BeingPrepared,
        status: after.status,
        wallet_returned_fen: 0,
        voucher_returned: false,
        provider_refund: null,
      };
    },

    /**
     * The restaurant marks a collection order ready for collection (issue 18): the order stays "being prepared"
     * (the specification's status codes are fixed) and gets `marked_ready_at`, set by one conditional UPDATE (still
     * being prepared, collection, not marked yet) in one transaction with its mark row (who: the staff member) and
     * its outbox event `order.ready` (live streams, the subscribe message). Safe to retry: an order already marked
     * answers the same mark (`fresh: false`), nothing is written again. A delivery order is refused
     * (order.ready_collection_only); one not being prepared (waiting, handed over, cancelled) and never marked is
     * refused with order.ready_not_preparing.
     */
    async markReady(
      orderId: number,
      actor: OrderActor,
      userId: number | null,
      lang: Lang = 'en',
    ): Promise<{ order: OrderRow; fresh: boolean }> {
      const at = now();
      const fresh = await uow.transaction(async (tx) => {
        const order = await tx.orders.byId(orderId);
        if (!order) throw notFound('order.not_found', { id: orderId });
        if (order.mode !== 'collection') throw failed('order.ready_collection_only', { id: orderId });
        if (order.marked_ready_at !== null) return false;
        const notPreparing = (o: OrderRow) =>
          failed('order.ready_not_preparing', { id: orderId, status: statusText(o.status, lang) });
        if (order.status !== S.BeingPrepared) throw notPreparing(order);
        if (!(await tx.orders.markReady(orderId, S.BeingPrepared, at))) {
          // A racing mark won (the same answer), or a racing move (handed over, cancelled) did (refused).
          const again = await tx.orders.byId(orderId);
          if (again && again.marked_ready_at !== null) return false;
          throw notPreparing(again ?? order);
        }
        await tx.orders.addMark({ order_id: orderId, mark: 'ready', actor, user_id: userId, at });
        await addOrderEvent(tx, order, 'order.ready', at, {
          status: order.status,
          actor,
          marked_ready_at: at,
        });
        return true;
      });
      return { order: await load(orderId), fresh };
    },

    /**
     * The customer's "hurry up" once the ready time has passed, at most HURRY_MAX times, HURRY_GAP_MS apart (one
     * conditional statement counts it); the restaurant receives it as an event. False when not allowed now.
     */
    async hurry(userId: number, orderId: number): Promise<boolean> {
      const at = now();
      return uow.transaction(async (tx) => {
        const order = await tx.orders.byId(orderId);
        if (!order || order.user_id !== userId) throw notFound('order.not_found', { id: orderId });
        if (order.ready_at === null || Number(order.ready_at) > at) return false;
        if (!(await tx.orders.hurry(orderId, userId, ACCEPTED_OPEN, at, HURRY_MAX, HURRY_GAP_MS))) return false;
        await addOrderEvent(tx, order, 'order.hurry', at, { status: order.status, count: order.hurry_count + 1 });
        return true;
      });
    },

    /** An order's lines. */
    lines: (orderId: number) => repos.orders.lines(orderId),

    /** The newest order event's id (a board read with it, then a stream from it, misses nothing). */
    lastEventId: () => repos.events.maxId(),

    /** A restaurant's orders placed in [from, to), with their lines (the console's board). */
    async ofRestaurant(restaurantId: number, from: number, to: number, openStatuses: readonly number[] = []) {
      const rows = await repos.orders.ofRestaurant(restaurantId, from, to, openStatuses);
      const lines = await repos.orders.linesOf(rows.map((r) => r.id));
      return rows.map((o) => ({ order: o, lines: lines.filter((l) => l.order_id === o.id) }));
    },

    /** Orders paid (or pay later) and still waiting for their restaurant since before `before` (the accept timeout). */
    unacceptedBefore: (before: number, limit?: number) => repos.orders.waitingBefore(S.AwaitingMerchant, before, limit),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

/** Whether an error is an order move the rules refused (the operator tool prints these plainly). */
export const isRefusal = (e: unknown): e is AppError => e instanceof AppError;
