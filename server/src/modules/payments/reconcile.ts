import type { BillLine, PaymentProvider } from '../../integrations/payments';
import type { AppUnitOfWork } from '../repositories';

/** One way our records and a provider's bill of a day disagree. */
export interface Difference {
  provider: string;
  kind: 'payment' | 'refund';
  /** out_trade_no (payments) or the refund number (refunds). */
  ref: string;
  problem:
    | 'not_in_bill'
    | 'unknown_here'
    | 'unpaid_here'
    | 'refund_not_done_here'
    | 'other_day_here'
    | 'amount'
    | 'transaction_id';
  ours?: number | string;
  theirs?: number | string;
}

export interface ProviderReconciliation {
  provider: string;
  /** The bill could not be read (refused, download failed, SHA1 mismatch): the reason, and no comparison. */
  error?: string;
  bill: { payments: number; refunds: number; paidFen: number; refundedFen: number };
  ours: { payments: number; refunds: number; paidFen: number; refundedFen: number };
  differences: Difference[];
}

const dayStart = (date: string) => Date.parse(`${date}T00:00:00+08:00`);
const chinaDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);

/**
 * Compares our paid and refunded records of a day (China time) with each provider's bill of that day and lists every
 * difference: a line of the bill we do not know, know as unpaid / not refunded, or count on another day; one of ours
 * the bill does not list; an amount or a provider id that differs. Reads only; no provider call but the bill.
 */
export async function reconcileDay(
  uow: AppUnitOfWork,
  providers: readonly PaymentProvider[],
  date: string,
): Promise<ProviderReconciliation[]> {
  if (!/^\d{4}-\d\d-\d\d$/.test(date) || !Number.isFinite(dayStart(date)) || chinaDay(dayStart(date)) !== date) {
    throw new RangeError(`not a date (YYYY-MM-DD): ${date}`);
  }
  const from = dayStart(date);
  const to = from + 86_400_000;
  const { payments } = uow.repos;
  const out: ProviderReconciliation[] = [];
  for (const provider of providers) {
    const name = provider.name;
    const [paid, refunded] = await Promise.all([
      payments.settledBetween(name, from, to),
      payments.refundsDoneBetween(name, from, to),
    ]);
    const ours = {
      payments: paid.length,
      refunds: refunded.length,
      paidFen: paid.reduce((s, p) => s + Number(p.amount_fen), 0),
      refundedFen: refunded.reduce((s, r) => s + Number(r.amount_fen), 0),
    };
    let lines: BillLine[];
    try {
      lines = await provider.bill(date);
    } catch (err) {
      const e = err as { message?: string; code?: string };
      out.push({
        provider: name,
        error: `${e.code ? `${e.code}: ` : ''}${e.message ?? String(err)}`,
        bill: { payments: 0, refunds: 0, paidFen: 0, refundedFen: 0 },
        ours,
        differences: [],
      });
      continue;
    }
    const billPayments = lines.filter((l) => l.kind === 'payment');
    const billRefunds = lines.filter((l) => l.kind === 'refund');
    const differences: Difference[] = [];
    const diff = (d: Omit<Difference, 'provider'>) => differences.push({ provider: name, ...d });

    const paidHere = new Map(paid.map((p) => [p.out_trade_no, p]));
    for (const line of billPayments) {
      const p = paidHere.get(line.outTradeNo);
      paidHere.delete(line.outTradeNo);
      if (!p) {
        const known = await payments.byTradeNo(line.outTradeNo);
        if (!known || known.provider !== name) {
          diff({ kind: 'payment', ref: line.outTradeNo, problem: 'unknown_here', theirs: line.amountFen });
        } else if (known.state !== 'paid' && known.state !== 'late') {
          diff({
            kind: 'payment',
            ref: line.outTradeNo,
            problem: 'unpaid_here',
            ours: known.state,
            theirs: line.amountFen,
          });
        } else {
          const day = known.paid_at === null ? '' : chinaDay(Number(known.paid_at));
          diff({ kind: 'payment', ref: line.outTradeNo, problem: 'other_day_here', ours: day, theirs: date });
        }
        continue;
      }
      if (Number(p.amount_fen) !== line.amountFen) {
        diff({
          kind: 'payment',
          ref: line.outTradeNo,
          problem: 'amount',
          ours: Number(p.amount_fen),
          theirs: line.amountFen,
        });
      }
      if (line.transactionId && p.transaction_id !== line.transactionId) {
        diff({
          kind: 'payment',
          ref: line.outTradeNo,
          problem: 'transaction_id',
          ours: p.transaction_id ?? '',
          theirs: line.transactionId,
        });
      }
    }
    for (const p of paidHere.values()) {
      diff({ kind: 'payment', ref: p.out_trade_no, problem: 'not_in_bill', ours: Number(p.amount_fen) });
    }

    const refundedHere = new Map(refunded.map((r) => [r.refund_no, r]));
    for (const line of billRefunds) {
      const ref = line.refundNo ?? '';
      const r = refundedHere.get(ref);
      refundedHere.delete(ref);
      if (!r) {
        const known = ref ? await payments.refundByNo(ref) : undefined;
        if (!known || (known.provider ?? name) !== name) {
          diff({ kind: 'refund', ref: ref || line.outTradeNo, problem: 'unknown_here', theirs: line.amountFen });
        } else if (known.state !== 'done') {
          diff({ kind: 'refund', ref, problem: 'refund_not_done_here', ours: known.state, theirs: line.amountFen });
        } else {
          diff({
            kind: 'refund',
            ref,
            problem: 'other_day_here',
            ours: chinaDay(Number(known.updated_at)),
            theirs: date,
          });
        }
        continue;
      }
      if (Number(r.amount_fen) !== line.amountFen) {
        diff({ kind: 'refund', ref, problem: 'amount', ours: Number(r.amount_fen), theirs: line.amountFen });
      }
    }
    for (const r of refundedHere.values()) {
      diff({ kind: 'refund', ref: r.refund_no, problem: 'not_in_bill', ours: Number(r.amount_fen) });
    }

    out.push({
      provider: name,
      bill: {
        payments: billPayments.length,
        refunds: billRefunds.length,
        paidFen: billPayments.reduce((s, l) => s + l.amountFen, 0),
        refundedFen: billRefunds.reduce((s, l) => s + l.amountFen, 0),
      },
      ours,
      differences,
    });
  }
  return out;
}
