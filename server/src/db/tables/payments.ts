import type { Generated } from 'kysely';

/** Issue 9: online payment attempts, the notifications received, refunds asked of the provider. Money in fen. */
export interface PaymentsTable {
  id: Generated<number>;
  order_id: number;
  provider: string;
  /** Our reference, sent to the provider and back in its notifications (unique). */
  out_trade_no: string;
  amount_fen: number;
  /** created: waiting; paid: the order was marked paid; late: paid after the order was cancelled (refunded). */
  state: 'created' | 'paid' | 'late';
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
  created_at: number;
  updated_at: number;
}

export interface PaymentsTables {
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  payment_refunds: PaymentRefundsTable;
}
