import type { Insertable, Kysely, Updateable } from 'kysely';
import { isUniqueViolation, uniqueViolationText } from '../../db/constraints';
import type { Database, UsersTable, WechatIdentitiesTable } from '../../db/schema';

export type NewUser = Omit<Insertable<UsersTable>, 'id'>;
export type UserChanges = Omit<Updateable<UsersTable>, 'id' | 'created_at'>;
export type NewIdentity = Omit<Insertable<WechatIdentitiesTable>, 'id'>;

/**
 * Tables that hold a customer's own data. An account made by a WeChat login is merged into another account only
 * while it owns nothing here (and has a zero wallet): modules that add user-owned tables (cart, orders...) list
 * them here.
 */
export const USER_DATA_TABLES = [
  'addresses',
  'reviews',
  'cart_lines',
  'vouchers',
  'orders',
  'idempotency_keys',
] as const;

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
    userById: (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    userByEmail: (email: string) => db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst(),
    userByPhone: (phone: string) => db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst(),

    async insertUser(values: NewUser): Promise<number> {
      return (await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow()).id;
    },

    async updateUser(id: number, changes: UserChanges) {
      await db.updateTable('users').set(changes).where('id', '=', id).execute();
    },

    async deleteUser(id: number) {
      await db.deleteFrom('users').where('id', '=', id).execute();
    },

    /** Whether the user owns rows in any USER_DATA_TABLES or has money in the wallet. */
    async hasData(userId: number): Promise<boolean> {
      const user = await db
        .selectFrom('users')
        .select('wallet_balance_fen')
        .where('id', '=', userId)
        .executeTakeFirst();
      if (user && Number(user.wallet_balance_fen) !== 0) return true;
      for (const table of USER_DATA_TABLES) {
        const row = await db.selectFrom(table).select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
        if (row) return true;
      }
      return false;
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

    async moveIdentities(fromUserId: number, toUserId: number) {
      await db.updateTable('wechat_identities').set({ user_id: toUserId }).where('user_id', '=', fromUserId).execute();
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
