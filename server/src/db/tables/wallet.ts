import type { Generated } from 'kysely';

/**
 * Why the wallet moved. Add a reason here when a new flow moves money (orders, refunds, top-ups...); the reason
 * with (ref_type, ref_id) identifies the move, so a retry of the same move is refused by the unique key.
 */
export type WalletReason = 'seed' | 'merge_in' | 'merge_out' | 'adjustment' | 'order_payment' | 'order_refund';

/** One credit (amount > 0) or debit (amount < 0) of a user's wallet, with the balance it left. Money in fen. */
export interface WalletLedgerTable {
  id: Generated<number>;
  user_id: number;
  amount_fen: number;
  balance_after_fen: number;
  reason: WalletReason;
  /** What the move refers to ('order', 'payment', 'user'...) and its id, as text ('' when none). */
  ref_type: string;
  ref_id: string;
  created_at: number;
}

export interface WalletTables {
  wallet_ledger: WalletLedgerTable;
}
