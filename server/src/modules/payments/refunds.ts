import type { Transactional } from '../../db/unit-of-work';
import { asProviders, type PaymentProvider, type PaymentProviders } from '../../integrations/payments';
import type { AppUnitOfWork, Repositories } from '../repositories';

/** A refund recorded in a committed transaction, to be asked of its provider after it. */
export interface RefundToSend {
  provider: string;
  refund_no: string;
  amount_fen: number;
  out_trade_no: string;
  total_fen: number;
}

/** What sending a refund did. */
export interface SentRefund {
  refund_no: string;
  amount_fen: number;
  state: 'done' | 'pending' | 'failed';
  /** False when a retry sent nothing (the refund was not failed, or another retry is sending it). */
  sent?: boolean;
}

export interface RefundsDeps {
  uow: AppUnitOfWork;
  now: () => number;
  providers: PaymentProviders | PaymentProvider;
  /** `{origin}/api/szeat/payments/notify`: where providers notify a refund's outcome (`/{provider}` is added). */
  notifyBase?: string;
  log?: (msg: string, err?: unknown) => void;
}

/**
 * Refunds of online payments, in two steps: `record` inside the transaction that ends the order (or settles a late
 * payment), at most once per payment (the refund number is unique), then `send` to the payment's provider after it
 * commits (never a network call inside a transaction). The orders service gives back an order's payment through
 * this; the payments service refunds a payment that arrived after its order was cancelled or was paid twice. A refund
 * the provider refused stays `failed` and is sent again with the same number (`retry`), so money goes back once.
 */
export function createRefunds({ uow, now, providers: given, notifyBase, log = () => undefined }: RefundsDeps) {
  const providers = asProviders(given);
  const { repos } = uow;

  /** Records the refund of a payment in the caller's transaction; null when it was already recorded. */
  async function record(
    tx: Transactional<Repositories>,
    orderId: number,
    payment: { provider: string; out_trade_no: string; amount_fen: number },
    at: number,
  ): Promise<RefundToSend | null> {
    const refundNo = `R${payment.out_trade_no}`;
    const amount = Number(payment.amount_fen);
    if (!(await tx.payments.addRefund(orderId, payment.out_trade_no, refundNo, amount, at, payment.provider))) {
      return null;
    }
    return {
      provider: payment.provider,
      refund_no: refundNo,
      amount_fen: amount,
      out_trade_no: payment.out_trade_no,
      total_fen: amount,
    };
  }

  /** Asks the provider for a recorded refund (after the transaction) and records what it said. */
  async function send(r: RefundToSend): Promise<SentRefund> {
    let state: SentRefund['state'];
    let rawState = '';
    let refundId: string | undefined;
    const provider = providers.byName(r.provider);
    try {
      if (!provider) throw new Error(`no payment provider ${r.provider} configured`);
      const result = await provider.refund({
        outTradeNo: r.out_trade_no,
        refundNo: r.refund_no,
        amountFen: r.amount_fen,
        totalFen: r.total_fen,
        ...(notifyBase ? { notifyUrl: `${notifyBase}/${r.provider}` } : {}),
        reason: 'szeat order refund',
      });
      state = result.state;
      rawState = result.rawState;
      refundId = result.refundId;
    } catch (err) {
      // Refused or unreachable: kept as failed; the operator tool retries it with the same refund number.
      state = 'failed';
      rawState = (err as { code?: string }).code || 'ERROR';
      log(`refund ${r.refund_no} failed`, err);
    }
    // A refund still under way is followed by query (job) or settled by the provider's refund notification.
    await repos.payments.setRefundState(r.refund_no, state, now(), rawState, refundId);
    await repos.payments.addEvent({
      provider: r.provider,
      source: 'refund',
      out_trade_no: r.out_trade_no,
      order_id: null,
      transaction_id: '',
      amount_fen: r.amount_fen,
      outcome: `refund_${state}`,
      raw_state: rawState.slice(0, 32),
      detail: r.refund_no,
      at: now(),
    });
    return { refund_no: r.refund_no, amount_fen: r.amount_fen, state, sent: true };
  }

  /**
   * Sends a refund the provider refused (or whose answer was lost) again, with the same refund number, so the
   * provider refunds it at most once. Only a `failed` refund is sent: of racing retries the one that moves it back to
   * pending sends, the others answer its state. Null when there is no such refund.
   */
  async function retry(refundNo: string): Promise<SentRefund | null> {
    const r = await repos.payments.refundByNo(refundNo);
    if (!r) return null;
    if (r.state !== 'failed' || !(await repos.payments.reopenRefund(refundNo, now()))) {
      const current = await repos.payments.refundByNo(refundNo);
      return { refund_no: refundNo, amount_fen: Number(r.amount_fen), state: current?.state ?? r.state, sent: false };
    }
    const payment = await repos.payments.byTradeNo(r.out_trade_no);
    await repos.payments.addEvent({
      provider: r.provider ?? payment?.provider ?? '',
      source: 'refund',
      out_trade_no: r.out_trade_no,
      order_id: r.order_id,
      transaction_id: '',
      amount_fen: Number(r.amount_fen),
      outcome: 'refund_retry',
      raw_state: r.raw_state,
      detail: r.refund_no,
      at: now(),
    });
    return send({
      provider: r.provider ?? payment?.provider ?? '',
      refund_no: r.refund_no,
      amount_fen: Number(r.amount_fen),
      out_trade_no: r.out_trade_no,
      total_fen: Number(payment?.amount_fen ?? r.amount_fen),
    });
  }

  return {
    record,
    send,
    retry,

    /** Records the refund of the payment that paid the order (paid, or paid late), if there is one. */
    async recordPaidOf(tx: Transactional<Repositories>, orderId: number, at: number): Promise<RefundToSend | null> {
      const payment = await tx.payments.paidOf(orderId);
      return payment ? record(tx, orderId, payment, at) : null;
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
