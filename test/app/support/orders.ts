/** Carts, quotes, orders, wallet and vouchers for the order screens' tests, shaped like the API contract. */
import type { CartData, CartLine, Order, OrderSummary, Quote, Voucher } from '../../../types/api/orders-draft';

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
    ...extra,
  };
}

export function voucher(id: number, name: string, discount_fen: number, extra: Partial<Voucher> = {}): Voucher {
  return {
    id,
    name,
    discount_fen,
    min_goods_fen: 3000,
    valid_until: Date.UTC(2030, 5, 30, 15, 59),
    used_at: null,
    restaurant_id: null,
    ...extra,
  };
}

export function quote(lines: CartLine[], extra: Partial<Quote> = {}): Quote {
  const goods = lines.reduce((s, l) => s + l.line_total_fen, 0);
  const q: Quote = {
    goods_fen: goods,
    delivery_fee_fen: 500,
    discount_fen: 0,
    total_fen: goods + 500,
    payment_methods: ['wechat', 'alipay', 'cod', 'balance'],
    collection_times: [Date.UTC(2030, 0, 1, 4, 0), Date.UTC(2030, 0, 1, 4, 30)],
    vouchers: [],
    address: null,
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
    restaurant_id: 9,
    restaurant_name: 'Dongmen Lanzhou Noodles',
    status: 6,
    total_fen: 4500,
    created_at: Date.UTC(2030, 0, 1, 3, 15),
    mode: 'delivery',
    item_count: 2,
    ...extra,
  };
}

export function order(id: number, extra: Partial<Order> = {}): Order {
  return {
    ...orderSummary(id),
    goods_fen: 4000,
    delivery_fee_fen: 500,
    discount_fen: 0,
    payment_method: 'wechat',
    paid: true,
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
        option_names: ['Thin'],
        quantity: 2,
        unit_price_fen: 2000,
        line_total_fen: 4000,
      },
    ],
    status_history: [
      { status: 0, at: Date.UTC(2030, 0, 1, 3, 15) },
      { status: 6, at: Date.UTC(2030, 0, 1, 3, 16) },
    ],
    steps: [
      { key: 'submitted', label: 'Submitted', done: true, at: Date.UTC(2030, 0, 1, 3, 15) },
      { key: 'confirmed', label: 'Confirmed by restaurant', done: false },
      { key: 'preparing', label: 'Being prepared', done: false },
      { key: 'delivering', label: 'Pending delivery', done: false },
      { key: 'delivered', label: 'Delivered', done: false },
      { key: 'completed', label: 'Completed', done: false },
    ],
    ...extra,
  };
}
