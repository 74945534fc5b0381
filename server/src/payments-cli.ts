import { loadConfig, type Config } from './config';
import { openDb, type Db } from './db';
import { migrateToLatest } from './db/migrate';
import { asProviders, createPayments } from './integrations/payments';
import type { PaymentProvider, PaymentProviders } from './integrations/payments';
import { reconcileDay, type Difference } from './modules/payments/reconcile';
import { createAppUnitOfWork } from './modules/repositories';

export const PAYMENTS_CLI_USAGE = `Usage: npm run payments -- reconcile <date> [--provider wechat|alipay|sandbox]

  reconcile <date>  compares our paid and refunded orders of that day (YYYY-MM-DD, China time) with each payment
                    provider's bill of the day (WeChat Pay's trade bill, its SHA1 checked; Alipay's trade bill) and
                    lists every difference. Exit code 0: none; 1: differences, or a bill could not be read; 2: usage.

The providers are the server's (PAYMENT_PROVIDER and their keys), the database DATABASE_URL's.`;

export interface PaymentsCliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

export interface PaymentsCliDeps {
  db?: Db;
  config?: Config;
  payments?: PaymentProvider | PaymentProviders;
}

const PROBLEMS: Record<Difference['problem'], string> = {
  not_in_bill: 'settled here, not in the bill',
  unknown_here: 'in the bill, unknown here',
  unpaid_here: 'paid in the bill, not paid here',
  refund_not_done_here: 'refunded in the bill, not done here',
  other_day_here: 'in the bill of this day, settled here on another day',
  amount: 'amounts differ',
  transaction_id: 'provider ids differ',
};

const money = (fen: number) => `${fen} fen`;
const value = (v: number | string | undefined) => (typeof v === 'number' ? money(v) : v || '-');

/** `npm run payments -- reconcile <date>`: the day's differences between our records and the providers' bills. */
export async function runPaymentsCli(
  argv: string[],
  io: PaymentsCliIo = { out: (l) => console.log(l), err: (l) => console.error(l) },
  deps: PaymentsCliDeps = {},
): Promise<number> {
  const args = [...argv];
  let only: string | null = null;
  const at = args.indexOf('--provider');
  if (at >= 0) {
    only = args[at + 1] ?? '';
    args.splice(at, 2);
  }
  const [command, date, ...rest] = args;
  if (command === 'help' || command === '--help' || command === '-h') {
    io.out(PAYMENTS_CLI_USAGE);
    return 0;
  }
  if (command !== 'reconcile' || !date || rest.length > 0) {
    io.err(command ? `Unknown command or arguments: ${argv.join(' ')}` : 'No command given.');
    io.err(PAYMENTS_CLI_USAGE);
    return 2;
  }
  if (!/^\d{4}-\d\d-\d\d$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00+08:00`))) {
    io.err(`Not a date (YYYY-MM-DD): ${date}`);
    return 2;
  }
  const config = deps.config ?? loadConfig();
  const db = deps.db ?? (await openDb(config.DATABASE_URL));
  try {
    if (!deps.db) await migrateToLatest(db);
    const providers = asProviders(deps.payments ?? createPayments(config, { db })).all.filter(
      (p) => only === null || p.name === only,
    );
    if (providers.length === 0) {
      io.err(`No payment provider ${only ?? ''} configured`);
      return 2;
    }
    const results = await reconcileDay(createAppUnitOfWork(db.kysely), providers, date);
    io.out(`Reconciliation of ${date} (China time)`);
    let clean = true;
    for (const r of results) {
      if (r.error) {
        clean = false;
        io.out(`${r.provider}: the bill could not be read: ${r.error}`);
        continue;
      }
      io.out(
        `${r.provider}: bill ${r.bill.payments} payments ${money(r.bill.paidFen)}, ${r.bill.refunds} refunds ` +
          `${money(r.bill.refundedFen)}; here ${r.ours.payments} payments ${money(r.ours.paidFen)}, ` +
          `${r.ours.refunds} refunds ${money(r.ours.refundedFen)}`,
      );
      if (r.differences.length === 0) io.out('  no differences');
      for (const d of r.differences) {
        clean = false;
        io.out(`  ${d.kind} ${d.ref}: ${PROBLEMS[d.problem]} (here ${value(d.ours)}, bill ${value(d.theirs)})`);
      }
    }
    return clean ? 0 : 1;
  } finally {
    if (!deps.db) await db.destroy();
  }
}
