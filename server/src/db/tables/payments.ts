import type { Generated } from 'kysely';

/** Issue 9: online payment attempts, the notifications received, refunds asked of the provider. Money in fen. */
export interface PaymentsTable {
  id: Generated<number>;
  order_id: number;
  provider: string;
  /** Our reference, sent to the provider and back in its notifications (unique). */
  out_trade_no: string;
  amount_fen: number;
  /**
   * created: waiting; paid: the order was marked paid; late: paid after the order was cancelled or paid by another
   * attempt (refunded); closed: closed at the provider, can no longer be paid.
   */
  state: 'created' | 'paid' | 'late' | 'closed';
  /** Where it is paid (weapp, wechat-browser, desktop, mobile; '' before issue 17): one trade per channel. */
  channel: Generated<string>;
  /** What the provider answered (prepay id, code_url, h5_url), so a repeated pay answers the same trade. */
  provider_ref: string | null;
  closed_at: number | null;
  /** The provider's id of the payment (unique when known). */
  transaction_id: string | null;
  paid_at: number | null;
  created_at: number;
  updated_at: number;
}

/** Every notification and query result received, with what it did: the audit trail of payments. */
export interface PaymentEventsTable {
  id: Generated<number>;
  provider: string;
  /** notify or query. */
  source: string;
  out_trade_no: string;
  order_id: number | null;
  transaction_id: string;
  amount_fen: number | null;
  /** paid, duplicate, late, closed, wrong_amount, unknown_order, bad_signature, malformed, not_paid_yet. */
  outcome: string;
  /** The provider's own word for the state (SUCCESS, TRADE_FINISHED, NOTPAY, PROCESSING…). */
  raw_state: string | null;
  detail: string | null;
  at: number;
}

export interface PaymentRefundsTable {
  id: Generated<number>;
  order_id: number;
  out_trade_no: string;
  /** Our reference of the refund (unique): a retried refund call refunds once. */
  refund_no: string;
  amount_fen: number;
  /** pending until the provider accepted it; failed is retried by the operator tool (refund again). */
  state: 'pending' | 'done' | 'failed';
  provider: string | null;
  /** The provider's id of the refund. */
  refund_id: string | null;
  raw_state: string | null;
  created_at: number;
  updated_at: number;
}

/** The sandbox provider's side (issue 17): a trade it was paid or closed, once (the key decides a race). */
export interface SandboxTradesTable {
  out_trade_no: string;
  state: 'paid' | 'closed';
  transaction_id: string | null;
  amount_fen: number | null;
  paid_at: number | null;
  closed_at: number | null;
}

/** The sandbox provider's side: a refund it was asked for, once per refund number. */
export interface SandboxRefundsTable {
  refund_no: string;
  out_trade_no: string;
  amount_fen: number;
  created_at: number;
}

export interface PaymentsTables {
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  payment_refunds: PaymentRefundsTable;
  sandbox_trades: SandboxTradesTable;
  sandbox_refunds: SandboxRefundsTable;
}
