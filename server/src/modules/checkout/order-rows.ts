import { createHash, randomInt } from 'node:crypto';
import type { Quote, SubmitOrderBody } from '../../../../types/api/checkout';
import { isOnlinePayment } from '../../../../types/catalogue';
import { OrderStatus } from '../../../../types/order-status';
import type { AddressSnapshot } from '../addresses/service';
import type { EvaluatedLine } from '../cart/lines';
import type { RestaurantTerms } from '../stores/terms';
import type { NewOrder, NewOrderLine } from './repository';

/** The request as the idempotency key remembers it: defaults filled in, keys sorted, the key itself left out. */
export function requestHash(body: SubmitOrderBody): string {
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
}

/**
 * Where a new order starts: an online method with something to pay waits for the payment (Submitted); balance, pay
 * on delivery and an order a voucher covers entirely go to the restaurant at once (AwaitingMerchant).
 */
export function startOf(method: SubmitOrderBody['payment_method'], totalFen: number) {
  const needsPayment = isOnlinePayment(method) && totalFen > 0;
  return { needsPayment, status: needsPayment ? OrderStatus.Submitted : OrderStatus.AwaitingMerchant };
}

/** The six-digit code a collection order is picked up with. */
export const collectionCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export interface PlacedOrder {
  userId: number;
  body: SubmitOrderBody;
  quote: Quote;
  restaurant: RestaurantTerms;
  address: AddressSnapshot | null;
  status: number;
  needsPayment: boolean;
  code: string | null;
  at: number;
  /** The order takes the first-order promotion. */
  firstOrder: boolean;
  /** The quote's price lines, named in both languages (kept as JSON on the order). */
  priceLines: unknown[];
}

/** The order row: the quote's money and snapshots of the restaurant's names and the address as they are now. */
export function orderRowOf(o: PlacedOrder): NewOrder {
  const { body, quote, address } = o;
  const method = body.payment_method;
  return {
    user_id: o.userId,
    restaurant_id: o.restaurant.id,
    status: o.status,
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
    collection_code: o.code,
    recipient_name: address?.name ?? '',
    phone: address?.phone ?? '',
    address_cn: address?.cn ?? '',
    address_en: address?.en ?? '',
    address_lat: address?.lat ?? null,
    address_lng: address?.lng ?? null,
    restaurant_name_cn: o.restaurant.name_cn,
    restaurant_name_en: o.restaurant.name_en,
    paid_at: o.needsPayment || method === 'cod' ? null : o.at,
    created_at: o.at,
    updated_at: o.at,
    first_order: o.firstOrder ? 1 : 0,
    price_lines: JSON.stringify(o.priceLines),
  };
}

/** The order's lines: what was ordered, with the names and options as the menu had them. */
export function orderLinesOf(orderId: number, orderable: EvaluatedLine[]): NewOrderLine[] {
  return orderable.map((e) => ({
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
  }));
}
