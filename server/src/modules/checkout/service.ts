import { createHash, randomInt } from 'node:crypto';
import type {
  ConfirmOrderBody,
  Problem,
  ProblemCode,
  Quote,
  QuoteAddress,
  SubmitOrderBody,
  SubmitOrderResult,
} from '../../../../types/api/checkout';
import type { Lang } from '../../../../types/lang';
import { OrderStatus } from '../../../../types/order-status';
import { ErrorCode } from '../../../../types/errors';
import { isUniqueViolation } from '../../db/constraints';
import { AppError, conflict, failed, invalidField, notFound } from '../../errors';
import { translate, type MessageParams } from '../../i18n/messages';
import { evaluateLine, type EvaluatedLine } from '../cart/lines';
import type { RestaurantRow } from '../cart/rows';
import { distanceM } from '../places/distance';
import type { AppUnitOfWork } from '../repositories';
import { collectionSlots, openState } from '../stores/hours';
import { goodsOf, quoteTotals, yuan } from './money';
import { toVoucher, voucherUsable } from './vouchers';

const PAYMENT_METHODS = ['wechat', 'alipay', 'cod', 'balance'] as const;
const ONLINE = new Set(['wechat', 'alipay']);

interface Priced {
  quote: Quote;
  evaluated: EvaluatedLine[];
  restaurant: RestaurantRow;
  address?: { row: AddressSnapshot; id: number };
}

interface AddressSnapshot {
  name: string;
  phone: string;
  cn: string;
  en: string;
  lat: number;
  lng: number;
}

/**
 * The checkout: a quote computed on the server from the cart as it is now, and the order placed from it in one
 * transaction (order, line and address snapshots, voucher use, wallet debit, cart lines removed, the idempotency
 * key's answer) or not at all.
 */
export function createCheckoutService(uow: AppUnitOfWork, now: () => number) {
  const { repos } = uow;

  async function addressOf(userId: number, id: number): Promise<AddressSnapshot> {
    const a = await repos.addresses.byId(userId, id);
    if (!a) throw notFound('address.not_found');
    const join = (...parts: string[]) => parts.filter(Boolean);
    return {
      name: a.name,
      phone: a.phone,
      cn: join(a.city_name_cn, a.area_name_cn, a.building_name_cn, a.building_no, a.room_no).join(' '),
      en: join(a.room_no, a.building_no, a.building_name_en || a.building_name_cn, a.area_name_en, a.city_name_en).join(
        ', ',
      ),
      lat: Number(a.lat),
      lng: Number(a.lng),
    };
  }

  async function price(userId: number, body: ConfirmOrderBody, lang: Lang, at: number): Promise<Priced> {
    const rid = body.restaurant_id;
    const restaurant = await repos.cart.restaurant(rid);
    if (!restaurant) throw notFound('store.not_found', { id: rid });
    const [hours, lines, balance] = await Promise.all([
      repos.cart.hours(rid),
      repos.cart.lines(userId, rid),
      repos.wallet.balance(userId),
    ]);
    const dishes = await repos.cart.dishes([...new Set(lines.map((l) => l.item_id))]);
    const evaluated = lines.map((l) => evaluateLine(l, dishes, rid, lang));
    const problems: Problem[] = [];
    const add = (code: ProblemCode, params: MessageParams = {}, blocking = true, cartId?: number) =>
      problems.push({
        code,
        message: translate(lang, `problem.${code}`, params),
        blocking,
        ...(cartId === undefined ? {} : { cart_id: cartId }),
      });

    if (lines.length === 0) add('empty_cart');
    for (const e of evaluated) {
      if (!e.problem) continue;
      const name = e.out.name || `#${e.out.dish_id}`;
      add(
        e.problem,
        { name, old: yuan(e.seenUnitPriceFen), new: yuan(e.out.unit_price_fen) },
        e.problem !== 'price_changed',
        e.out.cart_id,
      );
    }
    const goods = goodsOf(evaluated);
    const modes = [
      ...(restaurant.delivery === 1 ? (['delivery'] as const) : []),
      ...(restaurant.collection === 1 ? (['collection'] as const) : []),
    ];
    if (!modes.includes(body.mode)) add('mode_unavailable');
    const closure = {
      closed: restaurant.closed,
      resume_at: restaurant.resume_at === null ? null : Number(restaurant.resume_at),
    };
    const delivery = body.mode === 'delivery';
    const collectionTimes = delivery ? [] : collectionSlots(at, hours, closure, restaurant.prep_minutes);

    let address: Priced['address'];
    let addressReady = false;
    if (delivery) {
      if (!openState(at, hours, closure).is_open) add('closed');
      if (body.address_id !== undefined) {
        address = { id: body.address_id, row: await addressOf(userId, body.address_id) };
        const distance = distanceM(address.row.lat, address.row.lng, Number(restaurant.lat), Number(restaurant.lng));
        if (distance > restaurant.delivery_radius_m) add('out_of_range');
        else addressReady = true;
      }
      const min = Number(restaurant.min_order_fen);
      if (lines.length > 0 && goods < min) add('below_minimum', { min: yuan(min), missing: yuan(min - goods) });
    } else {
      if (collectionTimes.length === 0) add('closed');
      if (body.collection_time !== undefined && !collectionTimes.includes(body.collection_time)) {
        add('collection_time_unavailable');
      }
    }
    const fee = delivery ? Number(restaurant.delivery_fee_fen) : 0;

    const usable = (await repos.checkout.usableVouchers(userId, at, rid)).filter((v) =>
      voucherUsable(v, rid, goods, at),
    );
    let voucherFen: number | null = null;
    let voucherId: number | null = null;
    if (body.voucher_id !== undefined) {
      const v = await repos.checkout.voucher(userId, body.voucher_id);
      if (!v) throw notFound('voucher.not_found');
      if (voucherUsable(v, rid, goods, at)) {
        voucherFen = Number(v.discount_fen);
        voucherId = v.id;
      } else add('voucher_not_applicable');
    }
    const totals = quoteTotals(goods, fee, voucherFen);
    const total = totals.total_fen;
    const pays = {
      wechat: restaurant.pay_wechat,
      alipay: restaurant.pay_alipay,
      cod: restaurant.pay_cod,
      balance: restaurant.pay_balance,
    };
    const methods = PAYMENT_METHODS.filter((m) => pays[m] === 1);
    const wallet = balance ?? 0;
    if (body.payment_method !== undefined) {
      if (!methods.includes(body.payment_method)) add('payment_method_unavailable');
      else if (body.payment_method === 'balance' && wallet < total)
        add('insufficient_balance', { balance: yuan(wallet) });
    }
    const chosen = delivery
      ? addressReady
      : body.collection_time !== undefined && collectionTimes.includes(body.collection_time);
    const quoteAddress: QuoteAddress | null = address
      ? {
          id: address.id,
          name: address.row.name,
          phone: address.row.phone,
          address: lang === 'en' ? address.row.en : address.row.cn,
        }
      : null;
    return {
      restaurant,
      evaluated,
      address,
      quote: {
        restaurant_id: rid,
        mode: body.mode,
        ...totals,
        min_order_fen: Number(restaurant.min_order_fen),
        wallet_balance_fen: wallet,
        payment_methods: [...methods],
        modes: [...modes],
        collection_times: collectionTimes,
        vouchers: usable.map((v) => toVoucher(v, lang, at)),
        voucher_id: voucherId,
        address: quoteAddress,
        lines: evaluated.map((e) => e.out),
        problems,
        can_submit:
          lines.length > 0 && !problems.some((p) => p.blocking) && chosen && body.payment_method !== undefined,
      },
    };
  }

  const requestHash = (body: SubmitOrderBody) => {
    const { idempotency_key: _key, ...rest } = body;
    const canonical = {
      ...rest,
      address_id: rest.address_id ?? null,
      collection_time: rest.collection_time ?? null,
      voucher_id: rest.voucher_id ?? null,
      comment: rest.comment ?? '',
      cutlery: rest.cutlery ?? false,
    };
    const keys = Object.keys(canonical).sort();
    return createHash('sha256').update(JSON.stringify(canonical, keys)).digest('hex');
  };

  /** The answer stored for this key, if its order was placed; a different request under the key is refused. */
  async function replay(userId: number, key: string, hash: string): Promise<SubmitOrderResult | undefined> {
    const row = await repos.checkout.idempotency(userId, key);
    if (!row) return undefined;
    if (row.request_hash !== hash) throw conflict('checkout.key_reused');
    return row.response ? (JSON.parse(row.response) as SubmitOrderResult) : undefined;
  }

  function refused(key: 'checkout.refused' | 'checkout.total_changed', quote: Quote): AppError {
    const first = quote.problems.find((p) => p.blocking) ?? quote.problems[0];
    return new AppError(
      ErrorCode.Failed,
      key,
      { first: first?.message ?? '', total: yuan(quote.total_fen) },
      { problems: quote.problems, total_fen: quote.total_fen },
    );
  }

  return {
    async confirm(userId: number, body: ConfirmOrderBody, lang: Lang): Promise<Quote> {
      return (await price(userId, body, lang, now())).quote;
    },

    async submit(userId: number, body: SubmitOrderBody, lang: Lang): Promise<SubmitOrderResult> {
      const hash = requestHash(body);
      const earlier = await replay(userId, body.idempotency_key, hash);
      if (earlier) return earlier;
      if (body.mode === 'delivery' && body.address_id === undefined) {
        throw invalidField('address_id', 'checkout.address_required');
      }
      if (body.mode === 'collection' && body.collection_time === undefined) {
        throw invalidField('collection_time', 'checkout.collection_time_required');
      }
      const at = now();
      const { quote, evaluated, restaurant, address } = await price(userId, body, lang, at);
      // A twin request with this key may have placed the order meanwhile (and emptied the cart): answer it.
      if (!quote.can_submit || quote.total_fen !== body.expected_total_fen) {
        const twin = await replay(userId, body.idempotency_key, hash);
        if (twin) return twin;
        throw refused(quote.can_submit ? 'checkout.total_changed' : 'checkout.refused', quote);
      }
      const method = body.payment_method;
      // Nothing to pay online when a voucher covers everything: the order goes to the restaurant at once.
      const needsPayment = ONLINE.has(method) && quote.total_fen > 0;
      const status = needsPayment ? OrderStatus.Submitted : OrderStatus.AwaitingMerchant;
      const code = body.mode === 'collection' ? String(randomInt(0, 1_000_000)).padStart(6, '0') : null;
      const lines = evaluated.filter((e) => e.orderable);
      try {
        return await uow.transaction(async (tx) => {
          await tx.checkout.claimKey(userId, body.idempotency_key, hash, at);
          const orderId = await tx.checkout.insertOrder({
            user_id: userId,
            restaurant_id: restaurant.id,
            status,
            mode: body.mode,
            payment_method: method,
            goods_fen: quote.goods_fen,
            delivery_fee_fen: quote.delivery_fee_fen,
            discount_fen: quote.discount_fen,
            total_fen: quote.total_fen,
            wallet_paid_fen: method === 'balance' ? quote.total_fen : 0,
            voucher_id: quote.voucher_id,
            comment: (body.comment ?? '').trim(),
            cutlery: body.cutlery ? 1 : 0,
            collection_time: body.mode === 'collection' ? body.collection_time! : null,
            collection_code: code,
            recipient_name: address?.row.name ?? '',
            phone: address?.row.phone ?? '',
            address_cn: address?.row.cn ?? '',
            address_en: address?.row.en ?? '',
            address_lat: address?.row.lat ?? null,
            address_lng: address?.row.lng ?? null,
            restaurant_name_cn: restaurant.name_cn,
            restaurant_name_en: restaurant.name_en,
            paid_at: needsPayment || method === 'cod' ? null : at,
            created_at: at,
            updated_at: at,
          });
          await tx.checkout.insertLines(
            lines.map((e) => ({
              order_id: orderId,
              item_id: e.out.dish_id,
              name_cn: e.snapshot!.name_cn,
              name_en: e.snapshot!.name_en,
              options_cn: JSON.stringify(e.snapshot!.options_cn),
              options_en: JSON.stringify(e.snapshot!.options_en),
              option_ids: JSON.stringify(e.snapshot!.option_ids),
              quantity: e.out.quantity,
              unit_price_fen: e.out.unit_price_fen,
              line_total_fen: e.out.line_total_fen,
            })),
          );
          if (quote.voucher_id !== null && !(await tx.checkout.useVoucher(userId, quote.voucher_id, orderId, at))) {
            throw failed('voucher.used');
          }
          if (method === 'balance' && quote.total_fen > 0) {
            const moved = await tx.wallet.debit(
              userId,
              quote.total_fen,
              { reason: 'order_payment', refType: 'order', refId: orderId },
              at,
            );
            if (moved.status !== 'applied') throw failed('wallet.insufficient');
          }
          await tx.checkout.addHistory({ order_id: orderId, from_status: null, status, actor: 'customer', at });
          const ids = evaluated.map((e) => e.out.cart_id);
          if ((await tx.cart.removeMany(userId, ids)) !== ids.length) throw conflict('checkout.cart_changed');
          const result: SubmitOrderResult = {
            order_id: orderId,
            status,
            total_fen: quote.total_fen,
            needs_payment: needsPayment,
            collection_code: code,
          };
          await tx.checkout.saveAnswer(userId, body.idempotency_key, orderId, JSON.stringify(result));
          return result;
        });
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
        // The key was claimed by a twin request that committed first: answer its order.
        const twin = await replay(userId, body.idempotency_key, hash);
        if (twin) return twin;
        throw conflict('checkout.cart_changed');
      }
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
