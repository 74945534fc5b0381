import { sql } from 'kysely';
import { ErrorCode } from '../../types/errors';
import { USER_TABLES } from '../../server/src/modules/accounts/repository';
import { welcomeVoucher } from '../../server/src/modules/wallet/welcome';
import { createAppUnitOfWork } from '../../server/src/modules/repositories';
import type { Db } from '../../server/src/db';
import { DIALECTS, useTestApp } from './support/app';
import { freshIp, registerUser } from './support/accounts';
import { creditWallet, ORDER_RID, placeOrder } from './support/orders';

/** The tables of the live schema that have a `user_id` column. */
async function userIdTables(db: Db): Promise<string[]> {
  if (db.dialect === 'postgres') {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.columns
      where table_schema = current_schema() and column_name = 'user_id'`.execute(db.kysely);
    return rows.map((r) => r.table_name).sort();
  }
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db.kysely);
  const out: string[] = [];
  for (const { name } of tables) {
    const { rows: cols } = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db.kysely);
    if (cols.some((c) => c.name === 'user_id')) out.push(name);
  }
  return out.sort();
}

const countWhere = async (db: Db, table: string, userId: number) =>
  Number(
    (
      await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where user_id = ${userId}`.execute(
        db.kysely,
      )
    ).rows[0]!.n,
  );
const total = async (db: Db, table: string) =>
  Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db.kysely)).rows[0]!.n);

let personCounter = 0;
const freshPerson = () => `merge${process.pid}x${++personCounter}`;

/**
 * Account merge never deletes user data (issue 8 §1, issue 9): a WeChat-only account merged into the account that
 * links its WeChat hands over every row it owns, and every table with a user_id column is known to the merge.
 */
describe.each(DIALECTS)('account merge on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api } = t;
  let dishes: number[];
  beforeAll(async () => {
    const plain = await t.db.kysely
      .selectFrom('menu_items as m')
      .select('m.id')
      .where('m.restaurant_id', '=', ORDER_RID)
      .where('m.sold_out', '=', 0)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('option_groups as g').select('g.id').whereRef('g.item_id', '=', 'm.id'))),
      )
      .orderBy('m.id')
      .limit(2)
      .execute();
    dishes = plain.map((d) => d.id);
    expect(dishes).toHaveLength(2);
  });

  const mini = (code: string, token?: string) =>
    api.post('wxminilogin', { code }, { ip: freshIp(), ...(token ? { token } : {}) });
  const codeFor = (who: string) => t.integrations.wechat.sandboxCode!(who);
  const addCart = (token: string, dish: number, quantity: number) =>
    api.post('addcart', { restaurant_id: ORDER_RID, dish_id: dish, quantity }, { token });

  it('knows every table with a user_id column (read from the live schema)', async () => {
    const tables = await userIdTables(t.db);
    expect(tables.length).toBeGreaterThanOrEqual(10);
    expect([...USER_TABLES].sort()).toEqual(tables);
  });

  /** A WeChat-only account that owns some of everything. */
  async function wechatOnlyWithData() {
    const who = freshPerson();
    const w = (await mini(codeFor(who))).body.data as { access_token: string; user: { id: number } };
    const token = w.access_token;
    const id = w.user.id;
    const addr = await api.post(
      'saveaddr',
      { name: '微信', phone: '13700000000', area_id: t.place.areaId, building_id: t.place.buildingId, room_no: '9' },
      { token },
    );
    expect(addr.body.code).toBe(ErrorCode.Ok);
    const order = await placeOrder(t, api, token, { method: 'cod' });
    await creditWallet(t, id, 5000, `merge-w-${id}`);
    await createAppUnitOfWork(t.db.kysely).transaction((tx) => tx.wallet.grantVoucher(welcomeVoucher(id, Date.now())));
    await t.db.kysely
      .insertInto('reviews')
      .values({
        restaurant_id: ORDER_RID,
        order_id: order.id,
        user_id: id,
        author_name: '微信用户',
        food_rating: 5,
        delivery_time: 'within30',
        other_rating: 4,
        comment: 'good',
        photos: '[]',
        created_at: Date.now(),
      })
      .execute();
    expect((await addCart(token, dishes[0]!, 2)).body.code).toBe(ErrorCode.Ok);
    expect((await addCart(token, dishes[1]!, 1)).body.code).toBe(ErrorCode.Ok);
    return { who, id, token, orderId: order.id };
  }

  it('moves carts, orders, vouchers, ledger and balance, addresses, reviews and keys; deletes nothing', async () => {
    const w = await wechatOnlyWithData();
    const u = await registerUser(api, t.place); // its own welcome voucher and address
    await creditWallet(t, u.id, 700, `merge-u-${u.id}`);
    expect((await addCart(u.token, dishes[0]!, 3)).body.code).toBe(ErrorCode.Ok);
    const tables = await userIdTables(t.db);
    const kept = tables.filter((x) => !['sessions', 'oauth_states', 'cart_lines'].includes(x));
    const before = Object.fromEntries(await Promise.all(kept.map(async (x) => [x, await total(t.db, x)] as const)));
    const owned = Object.fromEntries(
      await Promise.all(
        kept.map(async (x) => [x, (await countWhere(t.db, x, w.id)) + (await countWhere(t.db, x, u.id))] as const),
      ),
    );

    const res = await mini(codeFor(w.who), u.token);
    expect(res.body).toMatchObject({ code: ErrorCode.Ok, data: { wechat_linked: true, user: { id: u.id } } });

    // The merged account is gone and owns nothing anywhere; nothing was deleted, all of it is the target's now.
    const k = t.db.kysely;
    expect(await k.selectFrom('users').select('id').where('id', '=', w.id).executeTakeFirst()).toBeUndefined();
    for (const x of tables) expect([x, await countWhere(t.db, x, w.id)]).toEqual([x, 0]);
    for (const x of kept) {
      expect([x, await total(t.db, x)]).toEqual([x, before[x]]);
      expect([x, await countWhere(t.db, x, u.id)]).toEqual([x, owned[x]]);
    }
    expect((await api.get('me', { token: w.token })).body.code).toBe(ErrorCode.SessionInvalid);

    // Orders and reviews.
    const order = await k.selectFrom('orders').select('user_id').where('id', '=', w.orderId).executeTakeFirstOrThrow();
    expect(order.user_id).toBe(u.id);
    // Cart: the same dish adds up in one line (unique per user, dish and options), the other dish moves.
    const cart = await k
      .selectFrom('cart_lines')
      .select(['item_id', 'quantity'])
      .where('user_id', '=', u.id)
      .orderBy('item_id')
      .execute();
    expect(cart).toEqual([
      { item_id: dishes[0], quantity: 5 },
      { item_id: dishes[1], quantity: 1 },
    ]);
    const listed = await api.get(`cartlist?restaurant_id=${ORDER_RID}`, { token: u.token });
    expect(listed.body.data.list).toHaveLength(2);
    // Vouchers: both welcome vouchers are kept (unique per user and code: the merged one is renamed).
    const vouchers = await k.selectFrom('vouchers').select('code').where('user_id', '=', u.id).orderBy('id').execute();
    expect(vouchers.map((v) => v.code).sort()).toEqual(['welcome', `welcome#m${w.id}`]);
    // Wallet: the balance moved with its ledger rows; the ledger still sums to the balance.
    const balance = Number(
      (await k.selectFrom('users').select('wallet_balance_fen').where('id', '=', u.id).executeTakeFirstOrThrow())
        .wallet_balance_fen,
    );
    expect(balance).toBe(5700);
    const sum = await k
      .selectFrom('wallet_ledger')
      .select((eb) => eb.fn.sum<number>('amount_fen').as('s'))
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(Number(sum.s)).toBe(balance);
    expect((await api.get('wallet', { token: u.token })).body.data).toMatchObject({ balance_fen: 5700 });
    // Addresses: both, counted, the target's default kept.
    const user = await k
      .selectFrom('users')
      .select(['address_count', 'default_address_id'])
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(user.address_count).toBe(2);
    expect((await api.get('addrlist', { token: u.token })).body.data.list).toHaveLength(2);
    expect((await api.get('addrlist', { token: u.token })).body.data.list[0]!.is_default).toBe(true);
  });

  it('50 links at once of one WeChat account with data merge it exactly once', async () => {
    const w = await wechatOnlyWithData();
    const u = await registerUser(api, t.place);
    const res = await Promise.all(Array.from({ length: 50 }, () => mini(codeFor(w.who), u.token)));
    const codes = res.map((r) => r.body.code as number);
    expect(codes.every((c) => c === ErrorCode.Ok || c === ErrorCode.Conflict)).toBe(true);
    expect(res.filter((r) => r.body.data?.wechat_linked === true)).toHaveLength(1);
    const k = t.db.kysely;
    expect(await k.selectFrom('users').select('id').where('id', '=', w.id).executeTakeFirst()).toBeUndefined();
    const balance = await k
      .selectFrom('users')
      .select('wallet_balance_fen')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(Number(balance.wallet_balance_fen)).toBe(5000);
    expect(await countWhere(t.db, 'orders', u.id)).toBe(1);
    expect(await countWhere(t.db, 'vouchers', u.id)).toBe(2);
  });

  it('still refuses (409) to merge an account with a password, e-mail or phone, and keeps it whole', async () => {
    const owner = await registerUser(api, t.place);
    const who = freshPerson();
    expect((await mini(codeFor(who), owner.token)).body.data.wechat_linked).toBe(true);
    const u = await registerUser(api, t.place);
    const res = await mini(codeFor(who), u.token);
    expect(res.status).toBe(409);
    expect(await countWhere(t.db, 'wechat_identities', owner.id)).toBe(1);
    expect(await countWhere(t.db, 'addresses', owner.id)).toBe(1);
  });
});
