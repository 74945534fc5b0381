import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import { isUniqueViolation, uniqueViolationText } from '../../db/constraints';
import type { Database, UsersTable, WechatIdentitiesTable } from '../../db/schema';
import { purgeExpired } from './housekeeping';

export type NewUser = Omit<Insertable<UsersTable>, 'id'>;
export type UserChanges = Omit<Updateable<UsersTable>, 'id' | 'created_at'>;
export type NewIdentity = Omit<Insertable<WechatIdentitiesTable>, 'id'>;

/** One step of the account merge: what happens to one table's rows of `from`. */
type Db = Kysely<Database>;
type MergeStep = (db: Db, from: number, to: number, at: number, cartMax: number) => Promise<void>;

const moveRows =
  (table: string): MergeStep =>
  async (db, from, to) => {
    await sql`update ${sql.table(table)} set user_id = ${to} where user_id = ${from}`.execute(db);
  };

/**
 * Moves rows whose unique key includes user_id; a row whose key the target already has keeps its data under a
 * renamed `column` (`…#m<from>`, cut to `maxLength`), so both survive.
 */
const moveRenaming =
  (table: string, keyColumns: string[], column: string, maxLength: number): MergeStep =>
  async (db, from, to) => {
    const suffix = `#m${from}`;
    const same = sql.join(
      keyColumns.map((c) => sql`o.${sql.ref(c)} = ${sql.table(table)}.${sql.ref(c)}`),
      sql` and `,
    );
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = substr(${sql.ref(column)}, 1, ${maxLength - suffix.length}) || ${suffix}
      where user_id = ${from} and exists (select 1 from ${sql.table(table)} o where o.user_id = ${to} and ${same})`.execute(
      db,
    );
    await moveRows(table)(db, from, to, 0, 0);
  };

const endRows =
  (table: string): MergeStep =>
  async (db, from) => {
    await sql`delete from ${sql.table(table)} where user_id = ${from}`.execute(db);
  };

/**
 * Every table with a `user_id` column and what an account merge does with its rows, in order. Nothing a customer
 * owns is deleted: rows move to the surviving account; only the merged account's sessions and pending OAuth states
 * end. test/server/account-merge.test.ts reads the live schema (SQLite and PostgreSQL) and fails when a table with a
 * `user_id` column is missing here, so a new user-owned table cannot be forgotten.
 */
const MERGE_STEPS = {
  /** Moved; the address count follows, and the target takes the merged account's default if it has none. */
  addresses: async (db, from, to, at) => {
    const moved = await db.updateTable('addresses').set({ user_id: to }).where('user_id', '=', from).executeTakeFirst();
    const n = Number(moved.numUpdatedRows);
    const other = await db.selectFrom('users').select('default_address_id').where('id', '=', from).executeTakeFirst();
    await db
      .updateTable('users')
      .set((eb) => ({
        address_count: eb('address_count', '+', n),
        default_address_id: eb.fn.coalesce('default_address_id', eb.val(other?.default_address_id ?? null)),
        updated_at: at,
      }))
      .where('id', '=', to)
      .execute();
    await db.updateTable('users').set({ address_count: 0, default_address_id: null }).where('id', '=', from).execute();
  },
  /**
   * A line of the same dish and options as one of the target's adds its quantity to it (up to the cart's maximum;
   * the unique key is one line per user, dish and option set); other lines move.
   */
  cart_lines: async (db, from, to, at, cartMax) => {
    const lines = await db
      .selectFrom('cart_lines')
      .select(['id', 'item_id', 'option_key', 'quantity'])
      .where('user_id', '=', from)
      .execute();
    for (const line of lines) {
      const added = await db
        .updateTable('cart_lines')
        .set({
          quantity: sql<number>`case when quantity + ${line.quantity} > ${cartMax} then ${cartMax} else quantity + ${line.quantity} end`,
          updated_at: at,
        })
        .where('user_id', '=', to)
        .where('item_id', '=', line.item_id)
        .where('option_key', '=', line.option_key)
        .executeTakeFirst();
      if (Number(added.numUpdatedRows) === 1) await db.deleteFrom('cart_lines').where('id', '=', line.id).execute();
    }
    await moveRows('cart_lines')(db, from, to, at, cartMax);
  },
  /** Both accounts' vouchers are kept; one whose code the target also has is renamed (code#m<from>). */
  vouchers: moveRenaming('vouchers', ['code'], 'code', 64),
  orders: moveRows('orders'),
  reviews: moveRows('reviews'),
  /** Photos move with their ratings (and unused ones with their uploader). */
  uploads: moveRows('uploads'),
  idempotency_keys: moveRenaming('idempotency_keys', ['key'], 'key', 100),
  /**
   * Ledger rows move (a clashing reference is renamed), and the balance with them: the merged account's balance is
   * zeroed by one conditional statement (its row count decides) and added to the target, so SUM(ledger) = balance
   * holds on both.
   */
  wallet_ledger: async (db, from, to, at, cartMax) => {
    await moveRenaming('wallet_ledger', ['reason', 'ref_type', 'ref_id'], 'ref_id', 64)(db, from, to, at, cartMax);
    const row = await db.selectFrom('users').select('wallet_balance_fen').where('id', '=', from).executeTakeFirst();
    const balance = Number(row?.wallet_balance_fen ?? 0);
    if (balance === 0) return;
    const zeroed = await db
      .updateTable('users')
      .set({ wallet_balance_fen: 0 })
      .where('id', '=', from)
      .where('wallet_balance_fen', '=', balance)
      .executeTakeFirst();
    if (Number(zeroed.numUpdatedRows) !== 1) throw new Error('merge: the wallet moved during the merge');
    await db
      .updateTable('users')
      .set((eb) => ({ wallet_balance_fen: eb('wallet_balance_fen', '+', balance) }))
      .where('id', '=', to)
      .execute();
  },
  wechat_identities: moveRows('wechat_identities'),
  /** The merged account's sessions and pending WeChat logins end (it no longer exists). */
  sessions: endRows('sessions'),
  oauth_states: endRows('oauth_states'),
  /** The orders' events follow the orders; a pending stream ticket of the merged account ends. */
  order_events: moveRows('order_events'),
  /** Who marked an order ready (a staff member's account): the record follows the account. */
  order_marks: moveRows('order_marks'),
  event_tickets: endRows('event_tickets'),
  /**
   * Subscribe message grants add up: the target's count of each template grows by the merged account's (one row
   * per customer and template), then the merged account's rows go. What was sent moves with the orders.
   */
  subscribe_grants: async (db, from, to, at) => {
    const rows = await db.selectFrom('subscribe_grants').selectAll().where('user_id', '=', from).execute();
    for (const g of rows) {
      await db
        .insertInto('subscribe_grants')
        .values({ user_id: to, template: g.template, remaining: g.remaining, updated_at: at })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'template'])
            .doUpdateSet((eb) => ({ remaining: eb('subscribe_grants.remaining', '+', g.remaining), updated_at: at })),
        )
        .execute();
    }
    await db.deleteFrom('subscribe_grants').where('user_id', '=', from).execute();
  },
  subscribe_sends: moveRows('subscribe_sends'),
  /**
   * Restaurant memberships move; where the surviving account is already a member of that restaurant, it keeps its
   * own (a membership is a permission, not something the customer owns).
   */
  restaurant_members: async (db, from, to) => {
    await sql`delete from restaurant_members where user_id = ${from}
      and restaurant_id in (select restaurant_id from restaurant_members where user_id = ${to})`.execute(db);
    await moveRows('restaurant_members')(db, from, to, 0, 0);
  },
} satisfies Record<string, MergeStep>;

/** The tables with a `user_id` column that the account merge handles (checked against the schema by a test). */
export const USER_TABLES = Object.keys(MERGE_STEPS) as Array<keyof typeof MERGE_STEPS>;

/** Which unique column a failed insert or update hit, if it was a uniqueness failure. */
export function uniqueViolation(e: unknown): 'email' | 'phone' | 'other' | undefined {
  if (!isUniqueViolation(e)) return undefined;
  const text = uniqueViolationText(e);
  if (/users\.email|\(email\)|users_email/.test(text)) return 'email';
  if (/users\.phone|\(phone\)|users_phone/.test(text)) return 'phone';
  return 'other';
}

/** The only SQL for users, WeChat identities, SMS codes and OAuth states. */
export function createAccountsRepository(db: Kysely<Database>) {
  return {
    /** The rows no rule will ever read again (housekeeping.ts): old rate counters, ended sessions, expired codes. */
    purgeExpired: (now: number, idleDays: number) => purgeExpired(db, now, idleDays),
    userById: (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    userByEmail: (email: string) => db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst(),
    userByPhone: (phone: string) => db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst(),

    async insertUser(values: NewUser): Promise<number> {
      return (await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow()).id;
    },

    async updateUser(id: number, changes: UserChanges) {
      await db.updateTable('users').set(changes).where('id', '=', id).execute();
    },

    /**
     * Merges account `from` into `to` inside the caller's transaction: every row of every USER_TABLES table moves
     * (see MERGE_STEPS), then `from` is deleted. False (nothing done) when `from` is no longer WeChat-only: one
     * conditional statement, which also holds its row until the transaction ends. Throws, rolling the transaction
     * back, if any row would be left.
     */
    async mergeUser(from: number, to: number, at: number, cartMax: number): Promise<boolean> {
      if (!db.isTransaction) throw new Error('accounts are merged inside a unit of work (uow.transaction)');
      const claimed = await db
        .updateTable('users')
        .set({ updated_at: at })
        .where('id', '=', from)
        .where('email', 'is', null)
        .where('phone', 'is', null)
        .where('password_hash', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      for (const table of USER_TABLES) await MERGE_STEPS[table](db, from, to, at, cartMax);
      for (const table of USER_TABLES) {
        const left = await sql<{
          n: number;
        }>`select count(*) as n from ${sql.table(table)} where user_id = ${from}`.execute(db);
        if (Number(left.rows[0]?.n ?? 0) !== 0) throw new Error(`merge: rows of ${table} were left behind`);
      }
      await db.deleteFrom('users').where('id', '=', from).execute();
      return true;
    },

    identitiesOf: (userId: number) =>
      db.selectFrom('wechat_identities').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    identityByOpenid: (appid: string, openid: string) =>
      db
        .selectFrom('wechat_identities')
        .selectAll()
        .where('appid', '=', appid)
        .where('openid', '=', openid)
        .executeTakeFirst(),
    identitiesByUnionid: (unionid: string) =>
      db.selectFrom('wechat_identities').selectAll().where('unionid', '=', unionid).orderBy('id').execute(),

    async insertIdentity(values: NewIdentity) {
      await db.insertInto('wechat_identities').values(values).execute();
    },

    async setUnionid(identityId: number, unionid: string) {
      await db.updateTable('wechat_identities').set({ unionid }).where('id', '=', identityId).execute();
    },

    // SMS codes.
    async insertCode(values: { phone: string; code_hash: string; created_at: number; expires_at: number }) {
      await db
        .insertInto('sms_codes')
        .values({ ...values, purpose: 'reset_password', used_at: null })
        .execute();
    },

    /** Ends every unused code of the phone (a new one replaces them). */
    async burnCodes(phone: string, at: number) {
      await db
        .updateTable('sms_codes')
        .set({ used_at: at })
        .where('phone', '=', phone)
        .where('purpose', '=', 'reset_password')
        .where('used_at', 'is', null)
        .execute();
    },

    /** The newest code of the phone that is unused and unexpired. */
    activeCode: (phone: string, at: number) =>
      db
        .selectFrom('sms_codes')
        .selectAll()
        .where('phone', '=', phone)
        .where('purpose', '=', 'reset_password')
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),

    /**
     * Reserves one guess of a live code before it is compared: the guess's number (1..max), or undefined when the
     * code is used, burned or out of guesses. One conditional statement, so parallel guesses cannot exceed `max`.
     */
    async reserveGuess(id: number, max: number): Promise<number | undefined> {
      const row = await db
        .updateTable('sms_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('attempts', '<', max)
        .returning('attempts')
        .executeTakeFirst();
      return row?.attempts;
    },

    /** Marks the code used; false when someone else used it first. */
    async useCode(id: number, at: number): Promise<boolean> {
      const res = await db
        .updateTable('sms_codes')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    // OAuth states.
    async insertState(values: {
      state_hash: string;
      user_id: number | null;
      redirect_uri: string;
      created_at: number;
      expires_at: number;
    }) {
      await db
        .deleteFrom('oauth_states')
        .where('expires_at', '<', values.created_at - 24 * 60 * 60 * 1000)
        .execute();
      await db
        .insertInto('oauth_states')
        .values({ ...values, used_at: null })
        .execute();
    },

    stateByHash: (stateHash: string) =>
      db.selectFrom('oauth_states').selectAll().where('state_hash', '=', stateHash).executeTakeFirst(),

    /** Marks the state used; false when it already was (a replay racing this one). */
    async useState(id: number, at: number): Promise<boolean> {
      const res = await db
        .updateTable('oauth_states')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
export type UserRow = NonNullable<Awaited<ReturnType<AccountsRepository['userById']>>>;
export type IdentityRow = NonNullable<Awaited<ReturnType<AccountsRepository['identityByOpenid']>>>;
