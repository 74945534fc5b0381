import type { ConfirmOrderBody, Quote, SubmitOrderBody, SubmitOrderResult } from '../../types/api/checkout';
import type { ReorderResult } from '../../types/api/cart';
import type { Order, OrderList } from '../../types/api/orders';
import type { CheckOrderPay, PayBody, PayTicket } from '../../types/api/payments';
import type { Http } from './http';

/** Checkout (quote, submit), payment and the customer's orders. */
export function ordersApi(http: Http) {
  return {
    /** A quote for the cart as it is now: amounts, what can be chosen, and what changed since it was filled. */
    confirm: (body: ConfirmOrderBody) => http.post<Quote>('confirmorder', { ...body }),
    /** Idempotent: the same key answers the same order. */
    submit: (body: SubmitOrderBody) => http.post<SubmitOrderResult>('submitorder', { ...body }, { busy: true }),
    pay: (body: PayBody) => http.post<PayTicket>('pay', { ...body }, { busy: true }),
    checkPay: (orderId: number) => http.get<CheckOrderPay>('check-order-pay', { order_id: orderId }),
    list: (page: number, pageSize?: number) => http.get<OrderList>('orderlist', { page, page_size: pageSize }),
    info: (id: number) => http.get<Order>('orderinfo', { id }),
    /** The customer cancels an order not paid yet (`can_cancel`); answers the order as it is now. */
    cancel: (orderId: number) => http.post<Order>('cancelorder', { order_id: orderId }, { busy: true }),
    /** Order again: the order's lines become the cart at its restaurant; answers what changed or was left out. */
    reorder: (orderId: number) => http.post<ReorderResult>('reorder', { order_id: orderId }, { busy: true }),
  };
}

export type OrdersApi = ReturnType<typeof ordersApi>;
