/**
 * Online payment providers (DESIGN.md §4): the sandbox today; WeChat Pay v3 and Alipay in a later issue, behind this
 * same interface. The orders service never sees a provider's wire format: it creates a payment, hands the raw
 * notification to `parseNotification`, asks `query` when no notification came, and calls `refund`.
 */
export type PaymentProviderName = 'sandbox' | 'wechat' | 'alipay';
export type PaymentPlatform = 'h5' | 'weapp';

export interface CreatePaymentInput {
  orderId: number;
  /** The order number the customer sees. */
  orderNo: string;
  /** The customer's language (the sandbox cashier speaks it). */
  lang: 'cn' | 'en';
  /** Our reference for this payment attempt, unique, sent back in notifications and queries. */
  outTradeNo: string;
  amountFen: number;
  /** What the customer sees on the cashier / in their payment app. */
  description: string;
  platform: PaymentPlatform;
  /** Absolute URL the provider posts its notification to. */
  notifyUrl: string;
  /** H5: where the customer's browser goes after paying / cancelling (absolute). */
  returnUrl: string;
  cancelUrl: string;
  /** The payment is refused by the provider after this time (epoch ms): the order's payment deadline. */
  expiresAt: number;
  /** Mini program: the payer's openid (real WeChat Pay needs it). */
  openid?: string;
}

export interface CreatedPayment {
  /** H5: the page the customer is sent to. */
  cashierUrl?: string;
  /** Mini program: the parameters of `wx.requestPayment`. */
  weapp?: { timeStamp: string; nonceStr: string; package: string; signType: string; paySign: string };
}

/** What a verified notification says; amounts are checked against the order by the service, not here. */
export interface PaymentNotice {
  outTradeNo: string;
  /** The provider's own id for the payment (unique per payment). */
  transactionId: string;
  amountFen: number;
  state: 'paid' | 'closed';
  paidAt: number;
}

export type ParsedNotification = { ok: true; notice: PaymentNotice } | { ok: false; reason: 'signature' | 'malformed' };

/** The reply the provider expects from our notification endpoint (each has its own format). */
export interface NotifyReply {
  status: number;
  contentType: string;
  body: string;
}

export interface PaymentQuery {
  state: 'paid' | 'unpaid' | 'closed' | 'unknown';
  transactionId?: string;
  amountFen?: number;
  paidAt?: number;
}

export interface RefundInput {
  outTradeNo: string;
  /** Our reference for the refund, unique: a repeated refund call with the same number refunds once. */
  refundNo: string;
  amountFen: number;
  totalFen: number;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  create(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** Checks the signature over the exact bytes received, then reads the notice. Never throws on bad input. */
  parseNotification(headers: Record<string, string | string[] | undefined>, rawBody: string): ParsedNotification;
  /** `accepted`: the notice was handled (or is a harmless repeat) and the provider must stop resending it. */
  notifyReply(accepted: boolean, message: string): NotifyReply;
  query(outTradeNo: string): Promise<PaymentQuery>;
  refund(input: RefundInput): Promise<{ refundId: string }>;
}

export class PaymentProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
