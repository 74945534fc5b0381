import Fastify from 'fastify';
import { ErrorCode } from '../../types/errors';
import { isUniqueViolation } from '../../server/src/db/constraints';
import { envelopePlugin } from '../../server/src/plugins/app/envelope';
import { languagePlugin } from '../../server/src/plugins/app/language';
import { apiOf } from './support/api';
import { DIALECTS, useTestApp } from './support/app';

/** Uniqueness is a constraint, and any violation of one answers 1005 on both databases (DESIGN §4a). */
describe.each(DIALECTS)('unique constraints on %s', (dialect) => {
  const t = useTestApp(dialect);

  const identity = async (openid: string) => {
    const user = await t.db.kysely.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('wechat_identities')
      .values({ user_id: user.id, app: 'mp', appid: 'wx-constraints', openid, unionid: null, created_at: 1 })
      .execute();
  };

  it('recognises a unique violation, and nothing else, as one', async () => {
    await identity(`once-${dialect}`);
    const dup = await identity(`once-${dialect}`).catch((e: unknown) => e);
    expect(isUniqueViolation(dup)).toBe(true);
    const fk = await t.db.kysely
      .insertInto('addresses')
      .values({
        user_id: 999_999,
        name: 'x',
        phone: '13800000000',
        area_id: 1,
        building_id: 1,
        building_no: '',
        room_no: '1',
        lat: 0,
        lng: 0,
        created_at: 1,
        updated_at: 1,
      })
      .execute()
      .catch((e: unknown) => e);
    expect(fk).toHaveProperty('code');
    expect(isUniqueViolation(fk)).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
  });

  it('answers any violation a service left unanswered with 1005 in the request language', async () => {
    const app = Fastify();
    await app.register(languagePlugin);
    await app.register(envelopePlugin);
    app.post('/api/szeat/twice', async () => {
      await identity(`route-${dialect}`);
      await identity(`route-${dialect}`);
      return {};
    });
    const res = await apiOf(app).request('POST', 'twice', { lang: 'en' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: ErrorCode.Conflict,
      msg: 'This conflicts with existing data. Please refresh and try again.',
      data: null,
    });
    await app.close();
  });
});
