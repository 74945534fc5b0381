/**
 * The console's member writes under concurrency (issue 18, DESIGN.md §4a), SQLite and PostgreSQL: owners removing
 * each other at the same moment never leave a restaurant without an owner (the database decides, not a count read
 * before), and 50 parallel invites of one account make one membership.
 */
import { type Registered, registerUser } from './support/accounts';
import { DIALECTS, useTestApp } from './support/app';
import { ORDER_RID } from './support/orders';

describe.each(DIALECTS)('merchant members under concurrency on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api } = t;

  const owners = async (rid: number) =>
    t.db.kysely
      .selectFrom('restaurant_members')
      .select('user_id')
      .where('restaurant_id', '=', rid)
      .where('role', '=', 'owner')
      .execute();

  test('two owners removing each other, 25 times each in parallel: one owner always stays', async () => {
    for (let round = 0; round < 3; round++) {
      const a: Registered = await registerUser(api, t.place);
      const b: Registered = await registerUser(api, t.place);
      await t.db.kysely.deleteFrom('restaurant_members').where('restaurant_id', '=', ORDER_RID).execute();
      await t.db.kysely
        .insertInto('restaurant_members')
        .values([
          { restaurant_id: ORDER_RID, user_id: a.id, role: 'owner', created_at: Date.now() },
          { restaurant_id: ORDER_RID, user_id: b.id, role: 'owner', created_at: Date.now() },
        ])
        .execute();
      const calls = Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? api.post('merchant/remove-member', { restaurant_id: ORDER_RID, user_id: b.id }, { token: a.token })
          : api.post('merchant/remove-member', { restaurant_id: ORDER_RID, user_id: a.id }, { token: b.token }),
      );
      const results = await Promise.all(calls);
      expect(results.filter((r) => r.body.code === 1000)).toHaveLength(1);
      expect(await owners(ORDER_RID)).toHaveLength(1);
    }
  });

  test('50 parallel invites of one account: one membership, the others 1005', async () => {
    const owner = await registerUser(api, t.place);
    const invited = await registerUser(api, t.place);
    await t.db.kysely.deleteFrom('restaurant_members').where('restaurant_id', '=', ORDER_RID).execute();
    await t.db.kysely
      .insertInto('restaurant_members')
      .values({ restaurant_id: ORDER_RID, user_id: owner.id, role: 'owner', created_at: Date.now() })
      .execute();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        api.post(
          'merchant/invite',
          { restaurant_id: ORDER_RID, contact: invited.email, role: 'staff' },
          { token: owner.token },
        ),
      ),
    );
    expect(results.filter((r) => r.body.code === 1000)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 1005)).toHaveLength(49);
    const rows = await t.db.kysely
      .selectFrom('restaurant_members')
      .select('role')
      .where('restaurant_id', '=', ORDER_RID)
      .where('user_id', '=', invited.id)
      .execute();
    expect(rows).toEqual([{ role: 'staff' }]);
  });
});
