import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

const DAY = 24 * 60 * 60 * 1000;
/** last_used_at is refreshed at most this often, so reads do not each cost a write. */
const TOUCH_EVERY = 60 * 1000;
/** Longer bearer values are not ours; skip hashing them. */
const TOKEN_MAX_LENGTH = 200;

export type Platform = 'h5' | 'weapp';

/** sha256 of the token, base64url: what the sessions table keeps (a leaked table gives no usable token). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface SessionPolicy {
  idleDays: number;
  maxDays: number;
}

export interface ResolvedSession {
  id: number;
  userId: number;
  /** Where the session was opened (a mini program session pays in the mini program). */
  platform: Platform;
}

/**
 * Opaque bearer sessions: a 256-bit random token given once to the client, stored hashed, ending after `idleDays`
 * without use, `maxDays` after creation, or when revoked (logout, password reset).
 */
export function createSessions(db: Kysely<Database>, policy: SessionPolicy, now: () => number) {
  return {
    async create(userId: number, platform: Platform, executor: Kysely<Database> = db) {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const expiresAt = at + policy.maxDays * DAY;
      await executor
        .insertInto('sessions')
        .values({
          token_hash: hashToken(token),
          user_id: userId,
          platform,
          created_at: at,
          last_used_at: at,
          expires_at: expiresAt,
          revoked_at: null,
        })
        .execute();
      return { token, expiresAt };
    },

    /** The live session of a bearer token, or undefined (unknown, revoked, idle too long, or past its end). */
    async resolve(token: string): Promise<ResolvedSession | undefined> {
      if (!token || token.length > TOKEN_MAX_LENGTH) return undefined;
      const row = await db
        .selectFrom('sessions')
        .select(['id', 'user_id', 'platform', 'last_used_at', 'expires_at', 'revoked_at'])
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirst();
      if (!row || row.revoked_at !== null) return undefined;
      const at = now();
      if (at >= Number(row.expires_at) || at - Number(row.last_used_at) >= policy.idleDays * DAY) return undefined;
      if (at - Number(row.last_used_at) >= TOUCH_EVERY) {
        await db.updateTable('sessions').set({ last_used_at: at }).where('id', '=', row.id).execute();
      }
      return { id: row.id, userId: row.user_id, platform: row.platform };
    },

    async revoke(sessionId: number) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now() })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async revokeAllOf(userId: number, executor: Kysely<Database> = db) {
      await executor
        .updateTable('sessions')
        .set({ revoked_at: now() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
