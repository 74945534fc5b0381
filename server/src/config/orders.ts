import { Type } from '@sinclair/typebox';

/**
 * Configuration of payments, order timeouts, the job runner and demo mode. Spread into the schema in index.ts;
 * documented in `.env.example`. The defaults run offline (sandbox payments).
 */
export const ordersConfigSchema = {
  /**
   * 'sandbox' (default): offline, our own cashier page. 'real': WeChat Pay API v3 and Alipay, each on when its keys
   * are set (config/payments.ts).
   */
  PAYMENT_PROVIDER: Type.Union([Type.Literal('sandbox'), Type.Literal('real')], { default: 'sandbox' }),
  /** Signs the sandbox's notifications and cashier links (HMAC-SHA256). Any value works offline; set one in demos. */
  PAYMENT_SANDBOX_SECRET: Type.String({ minLength: 16, default: 'szeat-sandbox-secret-change-me' }),
  /** Online orders not paid within this time are cancelled (voucher and balance given back). */
  ORDER_PAYMENT_TIMEOUT_MINUTES: Type.Number({ exclusiveMinimum: 0, maximum: 1440, default: 15 }),
  /**
   * Orders the restaurant has not accepted within this time after they were paid (or placed, paying later) are
   * cancelled by the job runner: money and voucher back, both sides told (events).
   */
  ORDER_ACCEPT_TIMEOUT_MINUTES: Type.Number({ exclusiveMinimum: 0, maximum: 1440, default: 10 }),
  /** Live order events: a stream ticket is valid this long (it is used once). */
  EVENTS_TICKET_SECONDS: Type.Number({ minimum: 5, maximum: 600, default: 60 }),
  /** A comment line on idle event streams this often, so proxies keep them open. */
  EVENTS_HEARTBEAT_SECONDS: Type.Number({ minimum: 1, maximum: 300, default: 25 }),
  /** SQLite: how often an instance with open streams reads new events (PostgreSQL is told by NOTIFY). */
  EVENTS_POLL_MS: Type.Number({ minimum: 20, maximum: 5000, default: 250 }),
  /** Background jobs (payment timeouts, purges, demo mode) run in this process: 'on', or 'off' for a web-only node. */
  JOBS: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on' }),
  /** 'auto': on with the sandbox provider outside production. Advances new orders one step at a time. */
  DEMO_ADVANCE: Type.Union([Type.Literal('auto'), Type.Literal('1'), Type.Literal('0')], { default: 'auto' }),
  DEMO_ADVANCE_SECONDS: Type.Number({ minimum: 1, maximum: 3600, default: 20 }),
};

/** DEMO_ADVANCE resolved: 'auto' means on with sandbox payments when not in production. */
export function demoAdvanceOn(c: { DEMO_ADVANCE: string; PAYMENT_PROVIDER: string; NODE_ENV: string }): boolean {
  if (c.DEMO_ADVANCE === 'auto') return c.PAYMENT_PROVIDER === 'sandbox' && c.NODE_ENV !== 'production';
  return c.DEMO_ADVANCE === '1';
}
