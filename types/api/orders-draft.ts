/**
 * The issue 9 contract as drafted (ORDERS-CONTRACT.md), until types/api/{cart,orders,wallet}.ts land (then this file goes): the app
 * builds against these shapes and switches to the server's own types when they do.
 */
import type { PagedData } from './common';

export type PaymentMethod = 'wechat' | 'alipay' | 'cod' | 'balance';
export type OrderMode = 'delivery' | 'collection';

export interface CartLine {
  cart_id: number;
  dish_id: number;
  name: string;
  picture: string;
  quantity: number;
  option_ids: number[];
  option_names: string[];
  unit_price_fen: number;
  line_total_fen: number;
  sold_out?: boolean;
}

export interface CartData {
  restaurant_id: number;
  list: CartLine[];
  total_num: number;
  total_price: number;
  total_price_fen: number;
  min_order_fen: number;
  delivery_fee_fen: number;
}

export interface AddCartBody {
  restaurant_id: number;
  dish_id: number;
  quantity: number;
  option_ids: number[];
}

export interface EditCartBody {
  cart_id: number;
  quantity?: number;
  option_ids?: number[];
}

export type DelCartBody = { cart_id: number } | { restaurant_id: number; all: true };

export interface Voucher {
  id: number;
  name: string;
  discount_fen: number;
  min_goods_fen: number;
  valid_until: number;
  used_at: number | null;
  restaurant_id?: number | null;
}

export interface Problem {
  code: string;
  message: string;
  cart_id?: number;
}

export interface QuoteAddress {
  id: number;
  name: string;
  phone: string;
  address: string;
}

export interface ConfirmOrderBody {
  restaurant_id: number;
  mode: OrderMode;
  address_id?: number;
  collection_time?: number;
  voucher_id?: number;
  payment_method?: PaymentMethod;
}

export interface Quote {
  goods_fen: number;
  delivery_fee_fen: number;
  discount_fen: number;
  total_fen: number;
  payment_methods: PaymentMethod[];
  collection_times: number[];
  vouchers: Voucher[];
  address?: QuoteAddress | null;
  lines: CartLine[];
  problems: Problem[];
  can_submit: boolean;
}

export interface SubmitOrderBody {
  idempotency_key: string;
  restaurant_id: number;
  mode: OrderMode;
  address_id?: number;
  collection_time?: number;
  payment_method: PaymentMethod;
  voucher_id?: number;
  comment?: string;
  cutlery: boolean;
  expected_total_fen: number;
}

export interface SubmitOrderResult {
  order_id: number;
  status: number;
  total_fen: number;
  needs_payment: boolean;
}

export interface PayBody {
  order_id: number;
  platform: 'h5' | 'weapp';
  return_url?: string;
}

export interface PayTicket {
  provider: string;
  cashier_url?: string;
  weapp?: Record<string, string>;
}

export interface CheckOrderPay {
  paid: boolean;
  status: number;
}

export interface OrderStep {
  key: string;
  label: string;
  done: boolean;
  at?: number | null;
}

export interface OrderLine {
  dish_id: number;
  name: string;
  option_names: string[];
  quantity: number;
  unit_price_fen: number;
  line_total_fen: number;
}

export interface OrderSummary {
  id: number;
  restaurant_id: number;
  restaurant_name: string;
  status: number;
  status_text?: string;
  total_fen: number;
  created_at: number;
  mode: OrderMode;
  item_count?: number;
}

export interface Order extends OrderSummary {
  goods_fen: number;
  delivery_fee_fen: number;
  discount_fen: number;
  payment_method: PaymentMethod;
  paid: boolean;
  comment: string;
  cutlery: boolean;
  collection_time: number | null;
  collection_code: string | null;
  recipient_name: string;
  phone: string;
  address: string;
  lines: OrderLine[];
  status_history: Array<{ status: number; at: number }>;
  steps: OrderStep[];
  /** An unpaid online order is cancelled if not paid by then (epoch ms); null when nothing is to pay. */
  pay_before?: number | null;
}

export type OrderList = PagedData<OrderSummary>;

export interface LedgerLine {
  id: number;
  amount_fen: number;
  reason: string;
  order_id?: number | null;
  created_at: number;
}

export interface Wallet {
  balance_fen: number;
  list: LedgerLine[];
}
