import { ORDER_STATUS_LABELS, type OrderStatusCode } from '../../types/order-status';
import { loadConfig, type Config } from './config';
import { openDb, type Db } from './db';
import { migrateToLatest } from './db/migrate';
import { AppError } from './errors';
import { translate } from './i18n/messages';
import { createPayments } from './integrations/payments';
import type { PaymentProvider, PaymentProviders } from './integrations/payments';
import { createAppUnitOfWork } from './modules/repositories';
import { createOrderServices } from './modules/order-services';
import type { OrderMove } from './modules/orders/service';

export const ORDERS_CLI_USAGE = `Usage: npm run orders -- <command> <order>

Commands (the same moves the job runner and, later, the restaurant console make):
  advance <order>   one step along the order's path (awaiting merchant -> confirmed -> being prepared -> ...)
  cancel <order>    cancel; gives back the voucher and the wallet debit; a paid online order is refunded
  refund <order>    refund; gives back the voucher, the wallet debit and the online payment

<order> is the order id (12) or the order number the customer sees (SZ20261001000012).
Options: --lang cn|en (messages; default en). The database is DATABASE_URL's, as for the server.`;

export interface OrdersCliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

export interface OrdersCliDeps {
  /** An open database (tests); otherwise DATABASE_URL's, migrated first. */
  db?: Db;
  config?: Config;
  payments?: PaymentProvider | PaymentProviders;
  now?: () => number;
}

/** The order id from an id or an order number (SZ + day + id). */
export function parseOrderRef(ref: string | undefined): number | null {
  if (!ref) return null;
  const m = /^(?:SZ\d{8})?(\d{1,10})$/i.exec(ref.trim());
  if (!m) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) && id > 0 && id <= 2147483647 ? id : null;
}

const label = (status: number, lang: 'cn' | 'en') =>
  `${ORDER_STATUS_LABELS[status as OrderStatusCode]?.[lang] ?? 'unknown'} (${status})`;

function describe(move: OrderMove, lang: 'cn' | 'en', cancelled: boolean): string[] {
  // A paid online order is cancelled, then refunded, in one go.
  const via = move.status === 5 && move.from !== 4 && move.provider_refund && cancelled ? ` -> ${label(4, lang)}` : '';
  const lines = [`Order ${move.order_id}: ${label(move.from, lang)}${via} -> ${label(move.status, lang)}`];
  if (move.wallet_returned_fen > 0) lines.push(`  wallet: ${move.wallet_returned_fen} fen given back`);
  if (move.voucher_returned) lines.push('  voucher: given back');
  if (move.provider_refund) {
    const r = move.provider_refund;
    lines.push(
      `  online payment: refund ${r.refund_no} of ${r.amount_fen} fen ${r.state === 'done' ? 'sent' : 'FAILED'}`,
    );
  }
  return lines;
}

/**
 * `npm run orders -- advance|cancel|refund <order>`: moves an order through the orders service (the same rules,
 * transaction and give-backs as everywhere else) and prints the new status. Exit code 0 moved, 1 refused or not
 * found, 2 usage.
 */
export async function runOrdersCli(
  argv: string[],
  io: OrdersCliIo = { out: (l) => console.log(l), err: (l) => console.error(l) },
  deps: OrdersCliDeps = {},
): Promise<number> {
  const args = [...argv];
  let lang: 'cn' | 'en' = 'en';
  const langAt = args.indexOf('--lang');
  if (langAt >= 0) {
    const value = args[langAt + 1];
    if (value !== 'cn' && value !== 'en') {
      io.err('--lang takes cn or en');
      return 2;
    }
    lang = value;
    args.splice(langAt, 2);
  }
  const [command, ref, ...rest] = args;
  if (command === 'help' || command === '--help' || command === '-h') {
    io.out(ORDERS_CLI_USAGE);
    return 0;
  }
  if (!command || !['advance', 'cancel', 'refund'].includes(command) || rest.length > 0) {
    io.err(command ? `Unknown command or extra arguments: ${argv.join(' ')}` : 'No command given.');
    io.err(ORDERS_CLI_USAGE);
    return 2;
  }
  const orderId = parseOrderRef(ref);
  if (orderId === null) {
    io.err(`Not an order id or number: ${ref ?? '(none)'}`);
    io.err(ORDERS_CLI_USAGE);
    return 2;
  }

  const config = deps.config ?? loadConfig();
  const db = deps.db ?? (await openDb(config.DATABASE_URL));
  try {
    if (!deps.db) await migrateToLatest(db);
    const { orders } = createOrderServices({
      uow: createAppUnitOfWork(db.kysely),
      now: deps.now ?? Date.now,
      integrations: { payments: deps.payments ?? createPayments(config, { db }) },
      config,
      log: { error: ({ err }: { err?: unknown }, msg) => io.err(`${msg}: ${String(err)}`) },
    });
    const move =
      command === 'advance'
        ? await orders.advance(orderId, { actor: 'operator' })
        : command === 'cancel'
          ? await orders.cancel(orderId, { actor: 'operator' })
          : await orders.refund(orderId, { actor: 'operator' });
    for (const line of describe(move, lang, command === 'cancel')) io.out(line);
    return 0;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    // Status codes in the message read as their names here: "status Accomplished (11)".
    const p = { ...e.params };
    for (const k of ['from', 'to', 'status'] as const) if (p[k] !== undefined) p[k] = label(Number(p[k]), lang);
    io.err(`Refused: ${translate(lang, e.key, p)}`);
    return 1;
  } finally {
    if (!deps.db) await db.destroy();
  }
}
