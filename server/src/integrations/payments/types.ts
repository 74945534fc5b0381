/**
 * Online payment providers (DESIGN.md §4): the sandbox (default), WeChat Pay API v3 and Alipay, behind this one
 * interface. The payments service never sees a provider's wire format: it creates a payment for a channel, hands the
 * raw notification to `parseNotification`, asks `query` when no notification came, `close`s a trade that timed out,
 * and `refund`s (then follows the refund with `queryRefund` or its notification).
 */
export type PaymentProviderName = 'sandbox' | 'wechat' | 'alipay';
export type PaymentPlatform = 'h5' | 'weapp';

/**
 * Where the customer pays, decided by the server from the session and the request (never from a value the client
 * picks): the mini program (JSAPI with the mini program's appid and the payer's openid), the WeChat browser (JSAPI with
 * the official account's openid), a desktop browser (WeChat Pay Native QR on our cashier page; Alipay page pay), a
 * phone browser outside WeChat (WeChat Pay H5; Alipay wap pay).
 */
export type PayChannel = 'weapp' | 'wechat-browser' | 'desktop' | 'mobile';
export const PAY_CHANNELS: readonly PayChannel[] = ['weapp', 'wechat-browser', 'desktop', 'mobile'];

export interface CreatePaymentInput {
  orderId: number;
  /** The order number the customer sees. */
  orderNo: string;
  /** The customer's language (the sandbox cashier speaks it). */
  lang: 'cn' | 'en';
  /** Our reference for this payment attempt, unique, never reused with other parameters. */
  outTradeNo: string;
  amountFen: number;
  /** What the customer sees on the cashier / in their payment app. */
  description: string;
  channel: PayChannel;
  /** Absolute URL the provider posts its notifications to (payments and refunds). */
  notifyUrl: string;
  /** Browser: where the customer goes after paying / cancelling (absolute). */
  returnUrl: string;
  cancelUrl: string;
  /** The trade is refused by the provider after this time (epoch ms): the order's payment deadline. */
  expiresAt: number;
  /** JSAPI: the payer's openid for the channel's appid (mini program or official account). */
  openid?: string;
  /** H5 pay: the customer's IP address as this server sees it. */
  clientIp?: string;
}

/** Parameters of wx.requestPayment (mini program) or WeixinJSBridge getBrandWCPayRequest (appId set). */
export interface JsapiParams {
  appId?: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: string;
  paySign: string;
}

export interface CreatedPayment {
  /** Browser: the page the customer is sent to (sandbox cashier, WeChat Pay h5_url, Alipay's cashier). */
  cashierUrl?: string;
  /** WeChat Pay Native: the text of the QR code our own cashier page shows. */
  codeUrl?: string;
  /** Mini program: `wx.requestPayment`'s parameters. */
  weapp?: JsapiParams;
  /** WeChat browser: getBrandWCPayRequest's parameters. */
  jsapi?: JsapiParams;
  /** What the provider answered (its prepay id, …), kept in the payment's record. */
  providerRef?: string;
}

/** What a verified payment notification says; amounts are checked against the order by the service, not here. */
export interface PaymentNotice {
  kind: 'payment';
  outTradeNo: string;
  /** The provider's own id for the payment (unique per payment). */
  transactionId: string;
  amountFen: number;
  state: 'paid' | 'closed';
  /** The provider's word for the state (SUCCESS, TRADE_FINISHED, …), recorded as it came. */
  rawState: string;
  paidAt: number;
}

/** A verified refund notification. */
export interface RefundNotice {
  kind: 'refund';
  outTradeNo: string;
  refundNo: string;
  refundId: string;
  amountFen: number;
  state: RefundState;
  rawState: string;
}

export type NotificationRefusal =
  | 'signature'
  | 'timestamp'
  | 'serial'
  | 'probe'
  | 'decrypt'
  | 'malformed'
  /** Another merchant's or another app's notice (mchid/appid, app_id/seller_id). */
  | 'merchant'
  /** A verified notice about nothing we act on (an unpaid state): acknowledged, nothing changes. */
  | 'ignored';

export type ParsedNotification =
  { ok: true; notice: PaymentNotice | RefundNotice } | { ok: false; reason: NotificationRefusal };

/** The reply the provider expects from our notification endpoint (each has its own format). */
export interface NotifyReply {
  status: number;
  contentType: string;
  body: string;
}

export interface PaymentQuery {
  state: 'paid' | 'unpaid' | 'closed' | 'unknown';
  rawState: string;
  transactionId?: string;
  amountFen?: number;
  paidAt?: number;
}

export interface RefundInput {
  outTradeNo: string;
  /** Our reference for the refund: the same number on every retry, so the provider refunds once. */
  refundNo: string;
  amountFen: number;
  totalFen: number;
  /** Where the provider notifies the refund's outcome (WeChat Pay); without it the refund is followed by query. */
  notifyUrl?: string;
  reason?: string;
}

/** done: the money moved; pending: asked, not moved yet (follow it); failed: the provider refused or closed it. */
export type RefundState = 'done' | 'pending' | 'failed';

export interface RefundResult {
  state: RefundState;
  rawState: string;
  refundId?: string;
}

/** One line of a provider's bill for a day (reconciliation). */
export interface BillLine {
  outTradeNo: string;
  transactionId: string;
  kind: 'payment' | 'refund';
  amountFen: number;
  refundNo?: string;
  rawState: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The channels this provider can serve with its configuration (the app offers only those). */
  readonly channels: readonly PayChannel[];
  create(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * Checks the signature over the exact bytes received (then decrypts, then reads the notice). Never throws on bad
   * input. `contentType` tells form posts (Alipay) from JSON (WeChat Pay).
   */
  parseNotification(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<ParsedNotification>;
  /** `accepted`: the notice was handled (or is a harmless repeat) and the provider must stop resending it. */
  notifyReply(accepted: boolean, message: string): NotifyReply;
  query(outTradeNo: string): Promise<PaymentQuery>;
  /** Closes an unpaid trade, so it can no longer be paid (a timed-out order, a new attempt). */
  close(outTradeNo: string): Promise<void>;
  refund(input: RefundInput): Promise<RefundResult>;
  queryRefund(refundNo: string, outTradeNo: string): Promise<RefundResult>;
  /** The provider's bill of a day (YYYY-MM-DD, China time), for `npm run payments -- reconcile`. */
  bill(date: string): Promise<BillLine[]>;
}

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    /** The provider's own error code when it answered one. */
    readonly code = '',
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
