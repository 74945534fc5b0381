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
  ready <order>     marks a collection order being prepared ready for collection (once; it stays being prepared
                    until handed over; the customer is told)
  cancel <order>    cancel; gives back the voucher and the wallet debit; a paid online order is refunded
  refund <order>    refund; gives back the voucher, the wallet debit and the online payment
  retry-refund <order>  sends the order's refunds a provider refused again, each with its own refund number
                    (the provider refunds a number once, so money never goes back twice)
  history <order>   the order's payment history: every attempt, notification, query, close and refund

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

const COMMANDS = ['advance', 'ready', 'cancel', 'refund', 'retry-refund', 'history'];

/** China time, to the second, for the history. */
const at = (ms: number | string | null) =>
  ms === null ? '-' : new Date(Number(ms) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

type History = Awaited<ReturnType<ReturnType<typeof createOrderServices>['payments']['history']>>;

/** The payment history as the operator reads it: attempts, then every event in order, then refunds. */
export function historyLines(orderId: number, h: History): string[] {
  const lines = [`Order ${orderId}: payment history (China time)`];
  if (h.attempts.length === 0 && h.events.length === 0) lines.push('  no online payment attempts');
  for (const p of h.attempts) {
    lines.push(
      `  attempt ${p.out_trade_no}: ${p.provider} ${p.channel || '-'}, ${Number(p.amount_fen)} fen, ${p.state}` +
        `${p.transaction_id ? `, transaction ${p.transaction_id}` : ''}, made ${at(p.created_at)}` +
        `${p.paid_at !== null ? `, paid ${at(p.paid_at)}` : ''}${p.closed_at !== null ? `, closed ${at(p.closed_at)}` : ''}`,
    );
  }
  for (const e of h.events) {
    const amount = e.amount_fen === null ? '' : ` ${Number(e.amount_fen)} fen`;
    const raw = e.raw_state ? ` [${e.raw_state}]` : '';
    const detail = e.detail ? ` (${e.detail})` : '';
    lines.push(
      `  ${at(e.at)} ${e.provider} ${e.source} ${e.out_trade_no || '-'}: ${e.outcome}${amount}${raw}${detail}`,
    );
  }
  for (const r of h.refunds) {
    lines.push(
      `  refund ${r.refund_no} of ${r.out_trade_no}: ${Number(r.amount_fen)} fen, ${r.state}` +
        `${r.raw_state ? ` [${r.raw_state}]` : ''}${r.refund_id ? `, provider id ${r.refund_id}` : ''}` +
        `, asked ${at(r.created_at)}, updated ${at(r.updated_at)}`,
    );
  }
  return lines;
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
  if (!command || !COMMANDS.includes(command) || rest.length > 0) {
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
    const { orders, payments } = createOrderServices({
      uow: createAppUnitOfWork(db.kysely),
      now: deps.now ?? Date.now,
      integrations: { payments: deps.payments ?? createPayments(config, { db }) },
      config,
      log: { error: ({ err }: { err?: unknown }, msg) => io.err(`${msg}: ${String(err)}`) },
    });
    if (command === 'history' || command === 'retry-refund') {
      const order = await orders.byId(orderId);
      if (!order) {
        io.err(`Refused: ${translate(lang, 'order.not_found', { id: orderId })}`);
        return 1;
      }
      if (command === 'history') {
        for (const line of historyLines(orderId, await payments.history(orderId))) io.out(line);
        return 0;
      }
      const sent = await payments.retryRefunds(orderId);
      if (sent.length === 0) {
        io.err(`Order ${orderId}: no refused refund to retry`);
        return 1;
      }
      for (const r of sent) {
        const what = r.sent === false ? 'not sent again (already' : 'sent again:';
        io.out(
          `Order ${orderId}: refund ${r.refund_no} of ${r.amount_fen} fen ${what} ${r.state}${r.sent === false ? ')' : ''}`,
        );
      }
      return sent.every((r) => r.state !== 'failed') ? 0 : 1;
    }
    if (command === 'ready') {
      const { order, fresh } = await orders.markReady(orderId, 'operator', null, lang);
      const when = at(order.marked_ready_at);
      io.out(
        `Order ${orderId}: ${label(order.status, lang)}, ${fresh ? 'marked' : 'already marked'} ready for collection at ${when}`,
      );
      return 0;
    }
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
    // Status codes in the message read as their names here: "status Completed (11)".
    const p = { ...e.params };
    for (const k of ['from', 'to', 'status'] as const) if (p[k] !== undefined) p[k] = label(Number(p[k]), lang);
    io.err(`Refused: ${translate(lang, e.key, p)}`);
    return 1;
  } finally {
    if (!deps.db) await db.destroy();
  }
}
