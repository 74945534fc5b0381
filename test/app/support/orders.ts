/** Carts, quotes, orders, wallet and vouchers for the order screens' tests, shaped like the API contract. */
import type { CartData, CartLine } from '../../../types/api/cart';
import type { Quote } from '../../../types/api/checkout';
import type { Order, OrderSummary } from '../../../types/api/orders';
import type { Voucher } from '../../../types/api/wallet';
import { ORDER_STATUS_LABELS, type OrderStatusCode } from '../../../types/order-status';

export function cartLine(
  cart_id: number,
  name: string,
  unit: number,
  quantity = 1,
  extra: Partial<CartLine> = {},
): CartLine {
  return {
    cart_id,
    dish_id: 100 + cart_id,
    name,
    picture: '',
    quantity,
    option_ids: [],
    option_names: [],
    unit_price_fen: unit,
    line_total_fen: unit * quantity,
    sold_out: false,
    ...extra,
  };
}

export function cartData(list: CartLine[], extra: Partial<CartData> = {}): CartData {
  const fen = list.reduce((s, l) => s + l.line_total_fen, 0);
  return {
    restaurant_id: 9,
    list,
    total_num: list.reduce((s, l) => s + l.quantity, 0),
    total_price: fen / 100,
    total_price_fen: fen,
    min_order_fen: 2000,
    delivery_fee_fen: 500,
    delivery_fee_waiver: null,
    ...extra,
  };
}

export function voucher(id: number, name: string, discount_fen: number, extra: Partial<Voucher> = {}): Voucher {
  return {
    id,
    name,
    discount_fen,
    min_goods_fen: 3000,
    valid_from: Date.UTC(2029, 0, 1),
    valid_until: Date.UTC(2030, 5, 30, 15, 59),
    used_at: null,
    order_id: null,
    restaurant_id: null,
    restaurant_name: null,
    state: 'usable',
    ...extra,
  };
}

export function quote(lines: CartLine[], extra: Partial<Quote> = {}): Quote {
  const goods = lines.reduce((s, l) => s + l.line_total_fen, 0);
  const q: Quote = {
    restaurant_id: 9,
    mode: 'delivery',
    goods_fen: goods,
    delivery_fee_fen: 500,
    discount_fen: 0,
    total_fen: goods + 500,
    min_order_fen: 2000,
    wallet_balance_fen: 10000,
    modes: ['delivery', 'collection'],
    voucher_id: null,
    best_voucher_id: null,
    price_lines: [
      { kind: 'delivery_fee', name: 'Delivery fee', amount_fen: 500, promotion_id: null, voucher_id: null },
    ],
    estimate: null,
    payment_methods: ['wechat', 'alipay', 'cod', 'balance'],
    collection_times: [Date.UTC(2030, 0, 1, 4, 0), Date.UTC(2030, 0, 1, 4, 30)],
    vouchers: [],
    address: null,
    address_reach: [],
    delivery_radius_m: 5000,
    lines,
    problems: [],
    can_submit: true,
    ...extra,
  };
  return q;
}

export function orderSummary(id: number, extra: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id,
    order_no: `2030010100${id}`,
    restaurant_id: 9,
    restaurant_name: 'Dongmen Lanzhou Noodles',
    status: 6,
    total_fen: 4500,
    created_at: Date.UTC(2030, 0, 1, 3, 15),
    mode: 'delivery',
    payment_method: 'wechat',
    item_count: 2,
    needs_payment: false,
    rating_id: null,
    can_rate: false,
    can_cancel: false,
    ...extra,
    status_text: extra.status_text ?? statusText(extra.status ?? 6),
  };
}

/** The server's English wording of a status (types/order-status.ts), as orderinfo answers it. */
const statusText = (status: number) => ORDER_STATUS_LABELS[status as OrderStatusCode]?.en ?? `Status ${status}`;

export function order(id: number, extra: Partial<Order> = {}): Order {
  return {
    ...orderSummary(id, extra),
    goods_fen: 4000,
    delivery_fee_fen: 500,
    discount_fen: 0,
    price_lines: [
      { kind: 'delivery_fee', name: 'Delivery fee', amount_fen: 500, promotion_id: null, voucher_id: null },
    ],
    wallet_paid_fen: 0,
    voucher_id: null,
    paid: true,
    paid_at: Date.UTC(2030, 0, 1, 3, 16),
    comment: 'No coriander',
    cutlery: true,
    collection_time: null,
    collection_code: null,
    recipient_name: 'Li Lei',
    phone: '13800138000',
    address: 'Dongmen Pedestrian Street, Room 1201',
    lines: [
      {
        dish_id: 159,
        name: 'Lanzhou Beef Noodles',
        option_ids: [1],
        option_names: ['Thin'],
        quantity: 2,
        unit_price_fen: 2000,
        line_total_fen: 4000,
      },
    ],
    restaurant_phone: '0755-82345678',
    restaurant_address: '12 Dongmen Road, Luohu',
    restaurant_lat: 22.5455,
    restaurant_lng: 114.1201,
    estimate: null,
    status_history: [
      { from_status: null, status: 0, status_text: 'Awaiting payment', at: Date.UTC(2030, 0, 1, 3, 15) },
      { from_status: 0, status: 6, status_text: 'Waiting for the restaurant', at: Date.UTC(2030, 0, 1, 3, 16) },
    ],
    steps: [
      { key: 'submitted', label: 'Submitted', done: true, at: Date.UTC(2030, 0, 1, 3, 15) },
      { key: 'confirmed', label: 'Confirmed by restaurant', done: false },
      { key: 'preparing', label: 'Being prepared', done: false },
      { key: 'pending_delivery', label: 'Pending delivery', done: false },
      { key: 'delivered', label: 'Delivered', done: false },
      { key: 'completed', label: 'Completed', done: false },
    ],
    end_reason: null,
    pay_before: null,
    updated_at: Date.UTC(2030, 0, 1, 3, 16),
    ...extra,
  };
}
