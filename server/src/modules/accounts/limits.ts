import { SMS_CODE_TTL_SECONDS, SMS_RESEND_SECONDS } from '../../../../types/constants';
import type { LimitedKey } from '../../auth/rate-limit';

const MINUTE = 60 * 1000;

/**
 * Abuse limits (windows counted in the rate_counters table, shared by every server process; a slot is reserved
 * before the limited work, auth/rate-limit.ts). "ip" is the client address Fastify sees (req.ip). A limit reached
 * answers 1007 / 429.
 */
export const LIMITS = {
  /** Failed logins per e-mail (existing or not) and per client; a good login clears the e-mail's count only. */
  loginPerAccount: { max: 5, windowMs: 15 * MINUTE },
  loginPerIp: { max: 20, windowMs: 15 * MINUTE },
  /** Registrations that pass the field checks, per client. */
  registerPerIp: { max: 10, windowMs: 60 * MINUTE },
  /** Password-reset codes: one per phone per minute, 5 per phone per hour, 20 per client per hour. */
  smsResendMs: SMS_RESEND_SECONDS * 1000,
  smsResend: { max: 1, windowMs: SMS_RESEND_SECONDS * 1000 },
  smsPerPhone: { max: 5, windowMs: 60 * MINUTE },
  smsPerIp: { max: 20, windowMs: 60 * MINUTE },
  smsCodeTtlMs: SMS_CODE_TTL_SECONDS * 1000,
  /** Wrong guesses that burn a code, and wrong codes per client per hour. */
  smsCodeMaxAttempts: 5,
  smsVerifyFailPerIp: { max: 30, windowMs: 60 * MINUTE },
  /** Official-account OAuth states: per client per 10 minutes, and their life. */
  oauthStatePerIp: { max: 30, windowMs: 10 * MINUTE },
  oauthStateTtlMs: 10 * MINUTE,
} as const;

/** Each limited key with its limit, for limiter.reserve. */
export const limited = {
  loginAccount: (email: string): LimitedKey => ({ key: `login:acct:${email}`, limit: LIMITS.loginPerAccount }),
  loginIp: (ip: string): LimitedKey => ({ key: `login:ip:${ip}`, limit: LIMITS.loginPerIp }),
  registerIp: (ip: string): LimitedKey => ({ key: `reg:ip:${ip}`, limit: LIMITS.registerPerIp }),
  smsResend: (phone: string): LimitedKey => ({ key: `sms:resend:${phone}`, limit: LIMITS.smsResend }),
  smsPhone: (phone: string): LimitedKey => ({ key: `sms:phone:${phone}`, limit: LIMITS.smsPerPhone }),
  smsIp: (ip: string): LimitedKey => ({ key: `sms:ip:${ip}`, limit: LIMITS.smsPerIp }),
  smsVerifyIp: (ip: string): LimitedKey => ({ key: `smsverify:ip:${ip}`, limit: LIMITS.smsVerifyFailPerIp }),
  oauthIp: (ip: string): LimitedKey => ({ key: `oauth:ip:${ip}`, limit: LIMITS.oauthStatePerIp }),
};
