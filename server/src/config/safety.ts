import net from 'node:net';
import { Type } from '@sinclair/typebox';

/**
 * Production safety (issue 8): settings that must be right before the server does anything. Spread into the schema
 * in index.ts; documented in `.env.example`.
 */
export const safetyConfigSchema = {
  /**
   * '1' lets NODE_ENV=production run sandbox integrations (WeChat login, SMS, payments): a demo, never customers.
   * Without it such a server refuses to start.
   */
  ALLOW_SANDBOX: Type.Union([Type.Literal('0'), Type.Literal('1')], { default: '0' }),
  /**
   * Signs the WeChat sandbox's login codes (HMAC-SHA256), so a code cannot be made up for another person. Empty: a
   * random key per process (set one when several processes serve the same site).
   */
  WECHAT_SANDBOX_SECRET: Type.String({ default: '' }),
  /**
   * The H5 map's tile URL template: read by the H5 build (Taro's config/index.ts) and by the server, whose
   * Content-Security-Policy lets the site load images from its host.
   */
  TARO_APP_MAP_TILE_URL: Type.String({ default: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' }),
};

interface SafetyView {
  NODE_ENV?: unknown;
  WECHAT_MODE?: unknown;
  SMS_PROVIDER?: unknown;
  PAYMENT_PROVIDER?: unknown;
  ALLOW_SANDBOX?: unknown;
  PUBLIC_BASE_URL?: unknown;
  TRUST_PROXY?: unknown;
}

/** The sandbox integrations a configuration selects, by name. */
export function sandboxesOf(c: SafetyView): string[] {
  return [
    c.WECHAT_MODE === 'sandbox' && 'WeChat login (WECHAT_MODE=sandbox)',
    c.SMS_PROVIDER === 'sandbox' && 'SMS (SMS_PROVIDER=sandbox)',
    c.PAYMENT_PROVIDER === 'sandbox' && 'payments (PAYMENT_PROVIDER=sandbox)',
  ].filter((x): x is string => typeof x === 'string');
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: false, true, a hop count, or a comma-separated list of addresses, CIDRs and proxy-addr's names. */
export function trustProxyProblems(value: unknown): string[] {
  const v = String(value ?? '').trim();
  if (v === '' || /^(true|false)$/i.test(v) || /^\d+$/.test(v)) return [];
  const bad = v
    .split(',')
    .map((s) => s.trim())
    .filter((item) => {
      if (PROXY_NAMES.has(item)) return false;
      const [address = '', range, ...rest] = item.split('/');
      const family = net.isIP(address);
      if (family === 0 || rest.length > 0) return true;
      if (range === undefined) return false;
      if (/^\d+$/.test(range)) return Number(range) > (family === 4 ? 32 : 128);
      return family !== 4 || net.isIPv4(range) === false; // an IPv4 netmask
    });
  return bad.length === 0
    ? []
    : [
        `TRUST_PROXY: ${bad.map((b) => JSON.stringify(b)).join(', ')} is not an address, CIDR range, hop count, ` +
          `true/false or loopback/linklocal/uniquelocal (got ${JSON.stringify(v)})`,
      ];
}

/** PUBLIC_BASE_URL: an http(s) origin (no path, query or fragment); required in production. */
function publicBaseUrlProblems(c: SafetyView): string[] {
  const value = String(c.PUBLIC_BASE_URL ?? '');
  if (!value) {
    return c.NODE_ENV === 'production'
      ? [
          'PUBLIC_BASE_URL: required when NODE_ENV=production (the https:// address customers use; OAuth returns ' +
            'and payment notifications are built from it, never from the request’s Host header)',
        ]
      : [];
  }
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.pathname.replace(/\/$/, '') !== '' || url.search || url.hash) {
    return [
      `PUBLIC_BASE_URL: must be an http(s) origin such as https://szeat.example.com (got ${JSON.stringify(value)})`,
    ];
  }
  return [];
}

/** Production refuses sandboxes unless ALLOW_SANDBOX=1 says it is a demo. */
function sandboxProblems(c: SafetyView): string[] {
  const sandboxes = sandboxesOf(c);
  if (c.NODE_ENV !== 'production' || c.ALLOW_SANDBOX === '1' || sandboxes.length === 0) return [];
  return [
    `NODE_ENV=production with sandbox integrations: ${sandboxes.join(', ')}. In the sandbox anyone can sign in ` +
      'as a WeChat user, no text message is sent and nothing is really paid. Configure the real providers, or set ' +
      'ALLOW_SANDBOX=1 if this server is a demo.',
  ];
}

/** Every safety problem of a configuration (empty when it may start). */
export function safetyConfigProblems(c: SafetyView): string[] {
  return [...trustProxyProblems(c.TRUST_PROXY), ...publicBaseUrlProblems(c), ...sandboxProblems(c)];
}

/**
 * The site's own origin for links the server hands out (OAuth return pages, codes): PUBLIC_BASE_URL; in development
 * without it, the address the server listens on (`port`: the socket's real port when PORT is 0). Never a request's
 * Host or X-Forwarded-Host header, which anyone can set.
 */
export function publicOrigin(c: { PUBLIC_BASE_URL: string; HOST: string; PORT: number }, port?: number): string {
  if (c.PUBLIC_BASE_URL) return new URL(c.PUBLIC_BASE_URL).origin;
  const host = ['0.0.0.0', '::', '[::]'].includes(c.HOST) ? 'localhost' : c.HOST;
  return `http://${net.isIPv6(host) ? `[${host}]` : host}:${port || c.PORT}`;
}
