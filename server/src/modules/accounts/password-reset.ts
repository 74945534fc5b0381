import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { ResetPwdSms, SaveNewPwdBody } from '../../../../types/api/accounts';
import { ErrorCode } from '../../../../types/errors';
import type { PasswordHasher } from '../../auth/passwords';
import type { RateLimiter } from '../../auth/rate-limit';
import type { Sessions } from '../../auth/sessions';
import { AppError, invalidField } from '../../errors';
import { translate, type MessageKey } from '../../i18n/messages';
import type { SmsSender } from '../../integrations/sms';
import type { AppUnitOfWork } from '../repositories';
import type { RequestContext } from './context';
import { limited, LIMITS } from './limits';
import { checkNewPassword, checkPhone, checkSmsCode } from './rules';

export interface PasswordResetDeps {
  uow: AppUnitOfWork;
  limiter: RateLimiter;
  sessions: Sessions;
  passwords: PasswordHasher;
  sms: SmsSender;
  now: () => number;
  log: (msg: string, err?: unknown) => void;
}

/** Codes are short, so the hash is bound to the phone; it still keeps the table from showing live codes. */
const codeHash = (phone: string, code: string) => createHash('sha256').update(`${phone}:${code}`).digest('hex');

const rateLimited = (key: MessageKey, params?: Record<string, number>) =>
  new AppError(ErrorCode.RateLimited, key, params);

/**
 * Password reset by SMS code. The answers never tell whether a phone is registered: limits count every request,
 * a code is made and sent only for a registered phone, and wrong, used, expired and never-sent codes answer alike.
 */
export function createPasswordReset(deps: PasswordResetDeps) {
  const { uow, limiter, sessions, passwords, sms, now } = deps;
  const repo = uow.repos.accounts;

  return {
    async sendCode(phoneInput: string, ctx: RequestContext): Promise<ResetPwdSms> {
      const phone = checkPhone(phoneInput);
      const resend = limited.smsResend(phone);
      const refused = await limiter.reserve(resend, limited.smsPhone(phone), limited.smsIp(ctx.ip));
      if (refused === resend) {
        throw rateLimited('sms.too_soon', { seconds: Math.ceil((await limiter.remainingMs(resend)) / 1000) });
      }
      if (refused) throw rateLimited('sms.too_many');
      const at = now();

      const user = await repo.userByPhone(phone);
      if (user) {
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        await repo.burnCodes(phone, at);
        await repo.insertCode({
          phone,
          code_hash: codeHash(phone, code),
          created_at: at,
          expires_at: at + LIMITS.smsCodeTtlMs,
        });
        const minutes = String(LIMITS.smsCodeTtlMs / 60000);
        const text = translate(ctx.lang, 'sms.reset_password_text', { code, minutes });
        // Not awaited: a provider's delay must not tell registered phones from others. Failures are logged.
        sms
          .send({ phone, purpose: 'reset_password', params: [code, minutes], text })
          .catch((e: unknown) => deps.log('SMS send failed', e));
      }
      return { resend_after: LIMITS.smsResendMs / 1000, expires_in: LIMITS.smsCodeTtlMs / 1000 };
    },

    /** Sets the new password and ends every session of the account. */
    async savePassword(body: SaveNewPwdBody, ctx: RequestContext): Promise<void> {
      const phone = checkPhone(body.phone);
      const code = checkSmsCode(body.code);
      const password = checkNewPassword(body.password, body.confirm_password);
      // The client's guess and the code's guess are both reserved before comparing (one conditional statement
      // each): parallel guesses cannot all pass a check taken before any of them was counted.
      const verifyIp = limited.smsVerifyIp(ctx.ip);
      if (await limiter.reserve(verifyIp)) throw rateLimited('sms.guess_limited');
      const at = now();
      const row = await repo.activeCode(phone, at);
      const attempt = row && (await repo.reserveGuess(row.id, LIMITS.smsCodeMaxAttempts));
      const given = Buffer.from(codeHash(phone, code));
      const right = row !== undefined && attempt !== undefined && timingSafeEqual(given, Buffer.from(row.code_hash));
      if (!row || !right) {
        // The last allowed guess, wrong, burns the code.
        if (row && attempt === LIMITS.smsCodeMaxAttempts) await repo.useCode(row.id, at);
        throw invalidField('code', 'sms.code_wrong');
      }
      await limiter.release(verifyIp.key);
      const user = await repo.userByPhone(phone);
      if (!user || !(await repo.useCode(row.id, at))) throw invalidField('code', 'sms.code_wrong');
      const hash = await passwords.hash(password);
      await uow.transaction(async ({ accounts, db }) => {
        await accounts.updateUser(user.id, { password_hash: hash, updated_at: at });
        await sessions.revokeAllOf(user.id, db);
      });
      if (user.email) await limiter.clear(limited.loginAccount(user.email).key);
    },
  };
}
