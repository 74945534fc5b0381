import type {
  Board,
  BoardState,
  Member,
  MerchantOrder,
  MerchantRestaurant,
  MoveResult,
  Takings,
} from '../../../../types/api/merchant';
import type { Membership } from '../../../../types/api/accounts';
import type { Lang } from '../../../../types/lang';
import { OrderStatus } from '../../../../types/order-status';
import { isUniqueViolation } from '../../db/constraints';
import { AppError, conflict, failed, notFound } from '../../errors';
import { ErrorCode } from '../../../../types/errors';
import type { AccountsService } from '../accounts/service';
import type { OrderRow } from '../orders/rows';
import {
  orderNo,
  orderStatusText,
  statusText,
  type OrderMove,
  type OrdersService,
  type RejectReason,
} from '../orders/service';
import { distanceM } from '../places/distance';
import type { AppUnitOfWork } from '../repositories';
import type { BusyChoice, StoreAdmin } from '../stores/admin';
import type { MemberRole } from './repository';

const S = OrderStatus;
const DAY = 24 * 3600_000;
const CHINA = 8 * 3600_000;

/** The start of the China day `at` falls in (epoch ms). */
export const chinaDayStart = (at: number) => Math.floor((at + CHINA) / DAY) * DAY - CHINA;

/** Statuses in which an order is the restaurant's business now (its customer's contact is shown). */
export const OPEN_STATUSES: readonly number[] = [
  S.AwaitingMerchant,
  S.ConfirmedByRestaurant,
  S.BeingPrepared,
  S.DriverAssigned,
  S.DriverOnTheWay,
];

/**
 * The board column of a status; null for an unpaid order (not the restaurant's business yet). A collection order
 * being prepared that the restaurant marked ready for collection is `ready` (it waits for its customer's code).
 */
export function boardState(status: number, markedReady = false): BoardState | null {
  if (status === S.BeingPrepared && markedReady) return 'ready';
  switch (status) {
    case S.AwaitingMerchant:
      return 'new';
    case S.ConfirmedByRestaurant:
      return 'accepted';
    case S.BeingPrepared:
      return 'preparing';
    case S.DriverAssigned:
      return 'ready';
    case S.DriverOnTheWay:
      return 'delivering';
    case S.Delivered:
    case S.Completed:
    case S.Accomplished:
      return 'done';
    case S.Cancelled:
    case S.Refunded:
      return 'cancelled';
    default:
      return null;
  }
}

export interface MerchantsDeps {
  uow: AppUnitOfWork;
  now: () => number;
  orders: OrdersService;
  stores: StoreAdmin;
  accounts: Pick<AccountsService, 'userByContact'>;
}

const forbidden = () => new AppError(ErrorCode.Forbidden, 'merchant.forbidden');

/**
 * The restaurant side: every call names a restaurant (or an order, whose restaurant it is) and is checked against
 * the caller's membership first: `staff` may work orders and sold-out; `owner` everything (busy mode, closure,
 * takings, members). A restaurant the caller does not belong to answers 1006; an order of such a restaurant is as
 * absent as a missing one (1004). Order moves go through the orders service (its transition table, history with
 * actor `merchant`, give-backs and events).
 */
export function createMerchantsService({ uow, now, orders, stores, accounts }: MerchantsDeps) {
  const { repos } = uow;

  async function require(userId: number, restaurantId: number, need: MemberRole): Promise<MemberRole> {
    const role = await repos.merchants.roleOf(userId, restaurantId);
    if (!role || (need === 'owner' && role !== 'owner')) throw forbidden();
    return role;
  }

  /** The order, when the caller is a member of its restaurant; otherwise as absent as a missing one. */
  async function orderFor(userId: number, orderId: number): Promise<OrderRow> {
    const order = await orders.byId(orderId);
    if (!order || order.status === S.Submitted || !(await repos.merchants.roleOf(userId, order.restaurant_id))) {
      throw notFound('order.not_found', { id: orderId });
    }
    return order;
  }

  function moveResult(move: OrderMove, lang: Lang, readyAt: number | null = null): MoveResult {
    return {
      order_id: move.order_id,
      from: move.from,
      status: move.status,
      status_text: statusText(move.status, lang),
      ready_at: readyAt,
      wallet_returned_fen: move.wallet_returned_fen,
      voucher_returned: move.voucher_returned,
      refund_state: move.provider_refund?.state ?? null,
    };
  }

  function card(
    o: OrderRow,
    lines: Awaited<ReturnType<OrdersService['lines']>>,
    lang: Lang,
    at: { lat: number; lng: number } | undefined,
  ): MerchantOrder {
    const en = lang === 'en';
    const open = OPEN_STATUSES.includes(o.status);
    const n = (v: number | null) => (v === null ? null : Number(v));
    return {
      id: o.id,
      order_no: orderNo(o),
      restaurant_id: o.restaurant_id,
      status: o.status,
      status_text: orderStatusText(o, lang),
      state: boardState(o.status, o.marked_ready_at !== null) ?? 'new',
      mode: o.mode,
      payment_method: o.payment_method,
      paid: o.paid_at !== null || o.payment_method === 'balance',
      total_fen: Number(o.total_fen),
      goods_fen: Number(o.goods_fen),
      delivery_fee_fen: Number(o.delivery_fee_fen),
      discount_fen: Number(o.discount_fen),
      comment: o.comment,
      cutlery: o.cutlery === 1,
      collection_time: n(o.collection_time),
      created_at: Number(o.created_at),
      updated_at: Number(o.updated_at),
      prep_minutes: o.prep_minutes,
      accepted_at: n(o.accepted_at),
      ready_at: n(o.ready_at),
      marked_ready_at: n(o.marked_ready_at),
      reject_reason: o.reject_reason,
      hurry_count: o.hurry_count,
      hurry_at: n(o.hurry_at),
      lines: lines.map((l) => ({
        dish_id: l.item_id,
        name: en ? l.name_en || l.name_cn : l.name_cn,
        options: JSON.parse(en ? l.options_en : l.options_cn) as string[],
        quantity: l.quantity,
        unit_price_fen: Number(l.unit_price_fen),
        line_total_fen: Number(l.line_total_fen),
      })),
      // Contact details only while the order is the restaurant's business.
      customer: open
        ? {
            name: o.recipient_name,
            phone: o.phone,
            address: en ? o.address_en || o.address_cn : o.address_cn,
            distance_m:
              o.mode === 'delivery' && at && o.address_lat !== null && o.address_lng !== null
                ? Math.round(distanceM(Number(o.address_lat), Number(o.address_lng), at.lat, at.lng))
                : null,
          }
        : null,
    };
  }

  /** The caller's restaurants with their role and state (busy mode read as ended once its time is past). */
  async function restaurants(userId: number, lang: Lang): Promise<MerchantRestaurant[]> {
    const mine = await repos.merchants.ofUser(userId);
    const rows = new Map((await stores.namesOf(mine.map((m) => m.restaurant_id))).map((r) => [r.id, r]));
    const at = now();
    return mine.flatMap((m) => {
      const r = rows.get(m.restaurant_id);
      if (!r) return [];
      const busy = r.busy_until === null ? null : Number(r.busy_until);
      const resume = r.resume_at === null ? null : Number(r.resume_at);
      return [
        {
          restaurant_id: r.id,
          name: lang === 'en' ? r.name_en || r.name_cn : r.name_cn,
          role: m.role,
          prep_minutes: r.prep_minutes,
          busy_until: busy !== null && busy > at ? busy : null,
          closed: r.closed === 1 && (resume === null || resume > at),
          resume_at: resume,
        },
      ];
    });
  }

  return {
    require,

    /** The restaurants the user works for (any role): their events reach the user's streams. */
    restaurantIdsOf: async (userId: number) => (await repos.merchants.ofUser(userId)).map((m) => m.restaurant_id),

    /** The user's restaurants and role in each, names in `lang` (what `me` carries; restaurants() says more). */
    async memberships(userId: number, lang: Lang): Promise<Membership[]> {
      return (await restaurants(userId, lang)).map(({ restaurant_id, name, role }) => ({
        restaurant_id,
        name,
        role,
      }));
    },

    restaurants,

    /** Today's orders (China day) of the restaurant, newest first, optionally one column of the board. */
    async board(userId: number, restaurantId: number, state: BoardState | undefined, lang: Lang): Promise<Board> {
      await require(userId, restaurantId, 'staff');
      const lastEventId = await orders.lastEventId();
      const at = now();
      const start = chinaDayStart(at);
      const [found, terms] = await Promise.all([
        // Still open from before today: shown too (an order nobody accepted must not vanish at midnight).
        orders.ofRestaurant(restaurantId, start, start + DAY, OPEN_STATUSES),
        stores.terms(restaurantId),
      ]);
      const rows = found.filter(({ order }) => order.status !== S.Submitted);
      const cards = rows.map(({ order, lines }) => card(order, lines, lang, terms));
      return {
        list: state ? cards.filter((c) => c.state === state) : cards,
        waiting: cards.filter((c) => c.state === 'new').length,
        last_event_id: lastEventId,
      };
    },

    async order(userId: number, orderId: number, lang: Lang): Promise<MerchantOrder> {
      const order = await orderFor(userId, orderId);
      const [lines, terms] = await Promise.all([orders.lines(orderId), stores.terms(order.restaurant_id)]);
      return card(order, lines, lang, terms);
    },

    async accept(userId: number, orderId: number, prepMinutes: number | undefined, lang: Lang): Promise<MoveResult> {
      const order = await orderFor(userId, orderId);
      const minutes = prepMinutes ?? (await stores.terms(order.restaurant_id)).prep_minutes;
      const after = await orders.accept(orderId, minutes, 'merchant');
      const move = {
        order_id: orderId,
        from: order.status,
        status: after.status,
        wallet_returned_fen: 0,
        voucher_returned: false,
        provider_refund: null,
      };
      return moveResult(move, lang, after.ready_at === null ? null : Number(after.ready_at));
    },

    async reject(userId: number, orderId: number, reason: RejectReason, lang: Lang): Promise<MoveResult> {
      await orderFor(userId, orderId);
      return moveResult(await orders.reject(orderId, reason, 'merchant'), lang);
    },

    async advance(userId: number, orderId: number, from: number | undefined, lang: Lang): Promise<MoveResult> {
      await orderFor(userId, orderId);
      return moveResult(await orders.move(orderId, from, 'merchant'), lang);
    },

    /**
     * Marks a collection order ready for collection (staff and owners of its restaurant): safe to retry, a second
     * call answers the first mark (orders.markReady). The answer's status is the order's (still being prepared).
     */
    async markReady(userId: number, orderId: number, lang: Lang): Promise<MoveResult> {
      await orderFor(userId, orderId);
      const { order } = await orders.markReady(orderId, 'merchant', userId, lang);
      const marked = order.marked_ready_at === null ? null : Number(order.marked_ready_at);
      return {
        ...moveResult(
          {
            order_id: orderId,
            from: order.status,
            status: order.status,
            wallet_returned_fen: 0,
            voucher_returned: false,
            provider_refund: null,
          },
          lang,
          order.ready_at === null ? null : Number(order.ready_at),
        ),
        marked_ready_at: marked,
      };
    },

    async collect(userId: number, orderId: number, code: string, lang: Lang): Promise<MoveResult> {
      await orderFor(userId, orderId);
      return moveResult(await orders.collect(orderId, code, 'merchant'), lang);
    },

    async soldOut(
      userId: number,
      restaurantId: number,
      what: { dish_id?: number; option_id?: number },
      soldOut: boolean,
    ) {
      await require(userId, restaurantId, 'staff');
      if ((what.dish_id === undefined) === (what.option_id === undefined)) {
        throw failed('merchant.dish_or_option');
      }
      if (what.dish_id !== undefined) await stores.setDishSoldOut(restaurantId, what.dish_id, soldOut);
      else await stores.setOptionSoldOut(restaurantId, what.option_id!, soldOut);
    },

    async busy(userId: number, restaurantId: number, choice: BusyChoice) {
      await require(userId, restaurantId, 'owner');
      return { busy_until: await stores.setBusy(restaurantId, choice) };
    },

    async closed(userId: number, restaurantId: number, closed: boolean, resumeAt: number | null) {
      await require(userId, restaurantId, 'owner');
      await stores.setClosed(restaurantId, closed, resumeAt);
    },

    /** Today's orders and takings by payment method, cancellations and refunds (owners). */
    async today(userId: number, restaurantId: number): Promise<Takings> {
      await require(userId, restaurantId, 'owner');
      const start = chinaDayStart(now());
      const rows = (await orders.ofRestaurant(restaurantId, start, start + DAY)).map((r) => r.order);
      const taken = rows.filter((o) => ![S.Submitted, S.Cancelled, S.Refunded].includes(o.status as 0 | 4 | 5));
      const methods = [...new Set(taken.map((o) => o.payment_method))].sort();
      const sum = (list: OrderRow[]) => list.reduce((t, o) => t + Number(o.total_fen), 0);
      const refunded = rows.filter((o) => o.status === S.Refunded);
      return {
        restaurant_id: restaurantId,
        day_start: start,
        orders: taken.length,
        takings_fen: sum(taken),
        by_method: methods.map((m) => {
          const of = taken.filter((o) => o.payment_method === m);
          return { payment_method: m, orders: of.length, takings_fen: sum(of) };
        }),
        cancelled: rows.filter((o) => o.status === S.Cancelled).length,
        refunded: refunded.length,
        refunded_fen: sum(refunded),
      };
    },

    async members(userId: number, restaurantId: number): Promise<Member[]> {
      await require(userId, restaurantId, 'owner');
      return (await repos.merchants.members(restaurantId)).map(memberOf);
    },

    /** An owner invites an existing account (by phone or e-mail) as staff or owner. */
    async invite(userId: number, restaurantId: number, contact: string, role: MemberRole): Promise<Member> {
      await require(userId, restaurantId, 'owner');
      return addMember(restaurantId, contact, role);
    },

    /** An owner ends a membership (never the restaurant's last owner). */
    async removeMember(userId: number, restaurantId: number, memberId: number) {
      await require(userId, restaurantId, 'owner');
      // One transaction holding the owners' rows: concurrent removals never leave the restaurant without an owner.
      const removed = await uow.transaction(async (tx) => {
        await tx.merchants.lockOwners(restaurantId);
        return tx.merchants.remove(restaurantId, memberId, true);
      });
      if (!removed) {
        const still = await repos.merchants.roleOf(memberId, restaurantId);
        throw failed(still ? 'merchant.last_owner' : 'merchant.not_member');
      }
    },

    /** The operator tool's calls (no caller: run from the terminal). */
    operator: {
      add: (restaurantId: number, contact: string, role: MemberRole) => addMember(restaurantId, contact, role),
      async remove(restaurantId: number, contact: string) {
        const user = await accounts.userByContact(contact);
        if (!user || !(await repos.merchants.remove(restaurantId, user.id, false))) throw failed('merchant.not_member');
      },
      list: async (restaurantId?: number) =>
        (await repos.merchants.members(restaurantId)).map((m) => ({ restaurant_id: m.restaurant_id, ...memberOf(m) })),
    },
  };

  async function addMember(restaurantId: number, contact: string, role: MemberRole): Promise<Member> {
    const user = await accounts.userByContact(contact);
    if (!user) throw notFound('merchant.user_not_found');
    if ((await stores.namesOf([restaurantId])).length === 0) throw notFound('merchant.not_found');
    try {
      await repos.merchants.add(restaurantId, user.id, role, now());
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('merchant.already_member');
      throw e;
    }
    const added = (await repos.merchants.members(restaurantId)).find((m) => m.user_id === user.id);
    return memberOf(added!);
  }
}

function memberOf(m: {
  user_id: number;
  name: string;
  email: string | null;
  phone: string | null;
  role: MemberRole;
  created_at: number;
}): Member {
  return {
    user_id: m.user_id,
    name: m.name,
    email: m.email,
    phone: m.phone,
    role: m.role,
    created_at: Number(m.created_at),
  };
}

export type MerchantsService = ReturnType<typeof createMerchantsService>;
