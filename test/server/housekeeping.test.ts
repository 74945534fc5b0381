import { purgeExpired } from '../../server/src/modules/accounts/housekeeping';
import { DIALECTS, useTestApp } from './support/app';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 22, 4, 0, 0);

describe.each(DIALECTS)('housekeeping on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('removes only rows no rule reads any more', async () => {
    const db = t.db.kysely;
    const user = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const session = (tag: string, at: { last: number; expires: number; revoked?: number }) => ({
      token_hash: `housekeeping-${dialect}-${tag}`,
      user_id: user.id,
      platform: 'h5' as const,
      created_at: at.last,
      last_used_at: at.last,
      expires_at: at.expires,
      revoked_at: at.revoked ?? null,
    });
    await db
      .insertInto('sessions')
      .values([
        session('live', { last: NOW - DAY, expires: NOW + 30 * DAY }),
        session('ended-long-ago', { last: NOW - 100 * DAY, expires: NOW - 10 * DAY }),
        session('ended-recently', { last: NOW - 3 * DAY, expires: NOW - 2 * DAY }),
        session('revoked-long-ago', { last: NOW - 9 * DAY, expires: NOW + 60 * DAY, revoked: NOW - 8 * DAY }),
        session('idle-long-ago', { last: NOW - 40 * DAY, expires: NOW + 50 * DAY }),
      ])
      .execute();
    await db
      .insertInto('rate_counters')
      .values([
        { key: `hk-${dialect}-old`, window_start: NOW - 2 * 60 * 60 * 1000, n: 3 },
        { key: `hk-${dialect}-live`, window_start: NOW - 10 * 60 * 1000, n: 2 },
      ])
      .execute();
    const code = (tag: string, expires: number) => ({
      phone: '13900000000',
      purpose: 'reset_password' as const,
      code_hash: `hk-${dialect}-${tag}`,
      created_at: expires - 600_000,
      expires_at: expires,
      used_at: null,
    });
    await db
      .insertInto('sms_codes')
      .values([code('old', NOW - 8 * DAY), code('fresh', NOW + 60_000)])
      .execute();

    const purged = await purgeExpired(db, NOW, 30);
    expect(purged).toMatchObject({ sessions: 3, rateCounters: 1, smsCodes: 1 });

    const sessions = await db
      .selectFrom('sessions')
      .select('token_hash')
      .where('token_hash', 'like', `housekeeping-${dialect}-%`)
      .execute();
    expect(sessions.map((s) => s.token_hash.split('-').slice(2).join('-')).sort()).toEqual(['ended-recently', 'live']);
    const counters = await db
      .selectFrom('rate_counters')
      .select('key')
      .where('key', 'like', `hk-${dialect}-%`)
      .execute();
    expect(counters.map((c) => c.key)).toEqual([`hk-${dialect}-live`]);
    const codes = await db
      .selectFrom('sms_codes')
      .select('code_hash')
      .where('code_hash', 'like', `hk-${dialect}-%`)
      .execute();
    expect(codes.map((c) => c.code_hash)).toEqual([`hk-${dialect}-fresh`]);
  });
});
