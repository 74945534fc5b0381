import { Type, type Static } from '@sinclair/typebox';

/**
 * Online payment (pay, check-order-pay) and the provider's notification endpoint. Only orders with payment method
 * wechat or alipay are paid online; pay on delivery and balance orders go to the merchant at submit and `pay`
 * answers 1001 for them. The provider today is the offline sandbox (PAYMENT_PROVIDER=sandbox): H5 gets the URL of
 * our own cashier page, the mini program the parameters of `wx.requestPayment`.
 */
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const PAY_PLATFORMS = ['h5', 'weapp'] as const;

export const PayBody = Type.Object({
  order_id: Id,
  platform: Type.Union([Type.Literal('h5'), Type.Literal('weapp')]),
  /**
   * H5: where the cashier sends the browser back to, on our own site (default /paySucc/{order_id}). Only its path
   * is used, so it cannot lead off the site.
   */
  return_url: Type.Optional(Type.String({ maxLength: 500 })),
});
export type PayBody = Static<typeof PayBody>;

export const WeappPayParams = Type.Object({
  timeStamp: Type.String(),
  nonceStr: Type.String(),
  package: Type.String(),
  signType: Type.String(),
  paySign: Type.String(),
});
export type WeappPayParams = Static<typeof WeappPayParams>;

export const PayTicket = Type.Object({
  provider: Type.String({ description: 'sandbox today; wechat, alipay later' }),
  order_id: Type.Integer(),
  amount_fen: Type.Integer(),
  /** Our reference of this payment attempt (one per order and provider). */
  out_trade_no: Type.String(),
  /** H5: send the browser here. */
  cashier_url: Type.Optional(Type.String()),
  /** Mini program: pass to `wx.requestPayment`. */
  weapp: Type.Optional(WeappPayParams),
  /** The order is cancelled if not paid by then (epoch ms). */
  pay_before: Type.Integer(),
});
export type PayTicket = Static<typeof PayTicket>;

export const CheckOrderPayQuery = Type.Object({ order_id: Id });
export type CheckOrderPayQuery = Static<typeof CheckOrderPayQuery>;

export const CheckOrderPay = Type.Object({
  order_id: Type.Integer(),
  /** The order's money is taken: paid online, from the wallet, or nothing to pay online (pay on delivery). */
  paid: Type.Boolean(),
  status: Type.Integer(),
  status_text: Type.String({ description: 'in the request language' }),
});
export type CheckOrderPay = Static<typeof CheckOrderPay>;

/**
 * The notification endpoint (POST /api/szeat/payments/notify/{provider}) answers in the provider's own format, not
 * the envelope: 200 {"code":"SUCCESS","message":<outcome>} for "received, stop resending" (paid; a repeat; a paid
 * notice after the order moved on; a closed trade; a late payment for a cancelled order, which is refunded), and
 * 400 {"code":"FAIL","message":<outcome>} for what is not accepted and changes nothing: bad_signature, malformed,
 * unknown_order, wrong_amount (logged and recorded in payment_events; the provider retries).
 */
export const NotifyReply = Type.Object({ code: Type.String(), message: Type.String() });
export type NotifyReply = Static<typeof NotifyReply>;
