import { loadConfig, type Config } from './config';
import { openDb, type Db } from './db';
import { migrateToLatest } from './db/migrate';
import { AppError } from './errors';
import { translate } from './i18n/messages';
import { userByContact } from './modules/accounts/service';
import { createMerchantsService } from './modules/merchants/service';
import { createOrderServices } from './modules/order-services';
import { createAppUnitOfWork } from './modules/repositories';
import { createStoreAdmin } from './modules/stores/admin';
import { createIntegrations } from './integrations';

export const MERCHANTS_CLI_USAGE = `Usage: npm run merchants -- <command> ...

Commands (restaurant memberships; owners also invite staff in the console):
  add <restaurant> <email|phone> --role owner|staff   make an existing account a member of the restaurant
  remove <restaurant> <email|phone>                   end that account's membership
  list [<restaurant>]                                 the members of one restaurant, or of all

<restaurant> is the restaurant id. The account must exist (registered in the app). Roles: owner (everything:
orders, sold out, busy mode, closure, takings, members) and staff (orders and sold out).
Options: --lang cn|en (messages; default en). The database is DATABASE_URL's, as for the server.`;

export interface MerchantsCliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

export interface MerchantsCliDeps {
  db?: Db;
  config?: Config;
  now?: () => number;
}

/** Exit code 0 done, 1 refused (no such account, already a member…), 2 usage. */
export async function runMerchantsCli(
  argv: string[],
  io: MerchantsCliIo = { out: (l) => console.log(l), err: (l) => console.error(l) },
  deps: MerchantsCliDeps = {},
): Promise<number> {
  const args = [...argv];
  const take = (flag: string): string | undefined | null => {
    const at = args.indexOf(flag);
    if (at < 0) return undefined;
    const value = args[at + 1];
    args.splice(at, 2);
    return value ?? null;
  };
  const lang = take('--lang') ?? 'en';
  const role = take('--role');
  if (lang !== 'cn' && lang !== 'en') return usage('--lang takes cn or en');
  const [command, restaurantArg, contact, ...rest] = args;
  if (command === 'help' || command === '--help' || command === '-h') {
    io.out(MERCHANTS_CLI_USAGE);
    return 0;
  }
  const restaurantId = restaurantArg === undefined ? undefined : Number(restaurantArg);
  if (restaurantId !== undefined && (!Number.isSafeInteger(restaurantId) || restaurantId < 1)) {
    return usage(`Not a restaurant id: ${restaurantArg}`);
  }
  if (command === 'add') {
    if (restaurantId === undefined || !contact || rest.length > 0) return usage('add takes <restaurant> <email|phone>');
    if (role !== 'owner' && role !== 'staff') return usage('add needs --role owner or --role staff');
  } else if (command === 'remove') {
    if (restaurantId === undefined || !contact || rest.length > 0 || role !== undefined) {
      return usage('remove takes <restaurant> <email|phone>');
    }
  } else if (command === 'list') {
    if (contact !== undefined || role !== undefined) return usage('list takes at most <restaurant>');
  } else return usage(command ? `Unknown command: ${command}` : 'No command given.');

  const config = deps.config ?? loadConfig();
  const db = deps.db ?? (await openDb(config.DATABASE_URL));
  try {
    if (!deps.db) await migrateToLatest(db);
    const merchants = merchantsService(db, config, deps.now ?? Date.now);
    if (command === 'add') {
      const m = await merchants.operator.add(restaurantId!, contact!, role as 'owner' | 'staff');
      io.out(`Restaurant ${restaurantId}: ${label(m)} is now ${m.role}`);
    } else if (command === 'remove') {
      await merchants.operator.remove(restaurantId!, contact!);
      io.out(`Restaurant ${restaurantId}: ${contact} is no longer a member`);
    } else {
      const list = await merchants.operator.list(restaurantId);
      if (list.length === 0) io.out('No members.');
      for (const m of list) io.out(`Restaurant ${m.restaurant_id}: ${label(m)} ${m.role}`);
    }
    return 0;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    io.err(`Refused: ${translate(lang, e.key, e.params)}`);
    return 1;
  } finally {
    if (!deps.db) await db.destroy();
  }

  function usage(message: string) {
    io.err(message);
    io.err(MERCHANTS_CLI_USAGE);
    return 2;
  }
}

const label = (m: { user_id: number; name: string; email: string | null; phone: string | null }) =>
  `#${m.user_id} ${m.name} <${[m.email, m.phone].filter(Boolean).join(', ')}>`;

/** The merchants service as the app builds it, over the terminal's database. */
function merchantsService(db: Db, config: Config, now: () => number) {
  const uow = createAppUnitOfWork(db.kysely);
  const integrations = createIntegrations(config, { db, now });
  const { orders } = createOrderServices({ uow, now, integrations, config });
  const accounts = { userByContact: (contact: string) => userByContact(uow.repos.accounts, contact) };
  return createMerchantsService({ uow, now, orders, stores: createStoreAdmin(uow, now), accounts });
}
