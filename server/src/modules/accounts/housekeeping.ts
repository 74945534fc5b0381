import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { LIMITS } from './limits';

const DAY = 24 * 60 * 60 * 1000;
/** Ended sessions and used codes are kept a week for support questions, then removed. */
const KEEP_ENDED_MS = 7 * DAY;

/**
 * The rows no rule will ever read again: rate counters whose window began before the longest window, sessions ended (past their end,
 * idle too long, or revoked) over a week ago, and SMS codes and OAuth states expired over a week ago.
 */
export async function purgeExpired(db: Kysely<Database>, now: number, idleDays: number) {
  const windows = Object.values(LIMITS).flatMap((l) => (typeof l === 'object' ? [l.windowMs] : []));
  const longestWindow = Math.max(...windows);
  const keepFrom = now - KEEP_ENDED_MS;
  const [events, sessions, codes, states] = await Promise.all([
    db
      .deleteFrom('rate_counters')
      .where('window_start', '<', now - longestWindow)
      .executeTakeFirst(),
    db
      .deleteFrom('sessions')
      .where((eb) =>
        eb.or([
          eb('expires_at', '<', keepFrom),
          eb('revoked_at', '<', keepFrom),
          eb('last_used_at', '<', keepFrom - idleDays * DAY),
        ]),
      )
      .executeTakeFirst(),
    db.deleteFrom('sms_codes').where('expires_at', '<', keepFrom).executeTakeFirst(),
    db.deleteFrom('oauth_states').where('expires_at', '<', keepFrom).executeTakeFirst(),
  ]);
  return {
    rateCounters: Number(events.numDeletedRows),
    sessions: Number(sessions.numDeletedRows),
    smsCodes: Number(codes.numDeletedRows),
    oauthStates: Number(states.numDeletedRows),
  };
}
