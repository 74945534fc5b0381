import { SMS_CODE_TTL_SECONDS, SMS_RESEND_SECONDS } from '../../../../types/constants';

const MINUTE = 60 * 1000;

/**
 * Abuse limits (sliding windows in the rate_events table, shared by every server process). "ip" is the client
 * address Fastify sees (req.ip). A limit reached answers 1007 / 429.
 */
export const LIMITS = {
  /** Failed logins per e-mail (existing or not) and per client; a good login clears the e-mail's count only. */
  loginPerAccount: { max: 5, windowMs: 15 * MINUTE },
  loginPerIp: { max: 20, windowMs: 15 * MINUTE },
  /** Registrations that pass the field checks, per client. */
  registerPerIp: { max: 10, windowMs: 60 * MINUTE },
  /** Password-reset codes: one per phone per minute, 5 per phone per hour, 20 per client per hour. */
  smsResendMs: SMS_RESEND_SECONDS * 1000,
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

export const keys = {
  loginAccount: (email: string) => `login:acct:${email}`,
  loginIp: (ip: string) => `login:ip:${ip}`,
  registerIp: (ip: string) => `reg:ip:${ip}`,
  smsPhone: (phone: string) => `sms:phone:${phone}`,
  smsIp: (ip: string) => `sms:ip:${ip}`,
  smsVerifyIp: (ip: string) => `smsverify:ip:${ip}`,
  oauthIp: (ip: string) => `oauth:ip:${ip}`,
};
