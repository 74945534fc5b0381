import type { Generated } from 'kysely';
import type { PaymentMethod } from '../../../../types/catalogue';

/** Issue 9: cart lines, vouchers, orders, their lines and status history, idempotency keys. Money in fen. */
export interface CartLinesTable {
  id: Generated<number>;
  user_id: number;
  restaurant_id: number;
  item_id: number;
  option_key: string;
  quantity: number;
  unit_price_fen: number;
  created_at: number;
  updated_at: number;
}

export interface VouchersTable {
  id: Generated<number>;
  user_id: number;
  code: string;
  name_cn: string;
  name_en: string;
  discount_fen: number;
  min_goods_fen: number;
  restaurant_id: number | null;
  valid_from: number;
  valid_until: number;
  used_at: number | null;
  order_id: number | null;
  created_at: number;
}

export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  restaurant_id: number;
  status: number;
  mode: 'delivery' | 'collection';
  payment_method: PaymentMethod;
  goods_fen: number;
  delivery_fee_fen: number;
  discount_fen: number;
  total_fen: number;
  wallet_paid_fen: Generated<number>;
  voucher_id: number | null;
  comment: string;
  cutlery: number;
  collection_time: number | null;
  collection_code: string | null;
  recipient_name: string;
  phone: string;
  address_cn: string;
  address_en: string;
  address_lat: number | null;
  address_lng: number | null;
  restaurant_name_cn: string;
  restaurant_name_en: string;
  paid_at: number | null;
  created_at: number;
  updated_at: number;
  /** 1: the order took the first-order promotion (one standing order per customer, migration 0014). */
  first_order: Generated<number>;
  /** JSON: the quote's price lines after the goods (checkout/money.ts OrderPriceLine), as the order was placed. */
  price_lines: Generated<string>;
  /** What the restaurant said on accepting: minutes to prepare, and when it is ready (epoch ms). */
  prep_minutes: Generated<number | null>;
  accepted_at: Generated<number | null>;
  ready_at: Generated<number | null>;
  /** Why the restaurant refused it (sold_out, too_busy, closing, other). */
  reject_reason: Generated<string | null>;
  /** The customer's "hurry up" reminders: how many, and the last one. */
  hurry_count: Generated<number>;
  hurry_at: Generated<number | null>;
  /** When the restaurant marked a collection order ready for collection (migration 0017), null before. */
  marked_ready_at: Generated<number | null>;
}

/** A mark on an order that is not a status (the "ready for collection" of a collection order): who set it, when. */
export interface OrderMarksTable {
  id: Generated<number>;
  order_id: number;
  mark: 'ready';
  actor: string;
  /** The staff member's account (null for the operator tool). */
  user_id: number | null;
  at: number;
}

/** The outbox: one row per order change, written in the change's transaction (live streams read and replay it). */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  restaurant_id: number;
  user_id: number;
  type: string;
  /** JSON. */
  payload: string;
  at: number;
}

/** A one-time, short-lived ticket that opens one event stream for its user (EventSource sends no headers). */
export interface EventTicketsTable {
  ticket_hash: string;
  user_id: number;
  expires_at: number;
  used_at: number | null;
}

/** A restaurant user: an ordinary account with a role in a restaurant (owner: everything; staff: orders, sold out). */
export interface RestaurantMembersTable {
  id: Generated<number>;
  restaurant_id: number;
  user_id: number;
  role: 'owner' | 'staff';
  created_at: number;
}

export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  item_id: number;
  name_cn: string;
  name_en: string;
  options_cn: string;
  options_en: string;
  option_ids: string;
  quantity: number;
  unit_price_fen: number;
  line_total_fen: number;
}

export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  from_status: number | null;
  status: number;
  actor: string;
  at: number;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  request_hash: string;
  order_id: number | null;
  response: string | null;
  created_at: number;
}

export interface OrdersTables {
  cart_lines: CartLinesTable;
  vouchers: VouchersTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_status_history: OrderStatusHistoryTable;
  order_marks: OrderMarksTable;
  idempotency_keys: IdempotencyKeysTable;
  order_events: OrderEventsTable;
  event_tickets: EventTicketsTable;
  restaurant_members: RestaurantMembersTable;
}
