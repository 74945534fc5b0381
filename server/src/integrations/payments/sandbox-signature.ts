import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The sandbox's signatures, shaped like WeChat Pay v3's (timestamp, nonce and body signed together, sent in headers)
 * but with HMAC-SHA256 and a shared secret (PAYMENT_SANDBOX_SECRET) instead of RSA certificates.
 */
export const SANDBOX_HEADERS = {
  timestamp: 'x-sandbox-timestamp',
  nonce: 'x-sandbox-nonce',
  signature: 'x-sandbox-signature',
} as const;

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text, 'utf8').digest();

export function signNotification(secret: string, body: string, timestamp = Date.now(), nonce?: string) {
  const n = nonce ?? randomBytes(12).toString('hex');
  return {
    [SANDBOX_HEADERS.timestamp]: String(timestamp),
    [SANDBOX_HEADERS.nonce]: n,
    [SANDBOX_HEADERS.signature]: hmac(secret, `${timestamp}\n${n}\n${body}\n`).toString('base64'),
  };
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Constant-time comparison over the exact bytes received. */
export function verifyNotificationSignature(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
): boolean {
  const timestamp = header(headers, SANDBOX_HEADERS.timestamp);
  const nonce = header(headers, SANDBOX_HEADERS.nonce);
  const signature = header(headers, SANDBOX_HEADERS.signature);
  if (!timestamp || !nonce || !signature) return false;
  const expected = hmac(secret, `${timestamp}\n${nonce}\n${body}\n`);
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A cashier link carries its session, signed, so the page needs no server-side state and cannot be altered. */
export function signToken(secret: string, payload: object): string {
  const data = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${data}.${hmac(secret, `cashier\n${data}`).toString('base64url')}`;
}

export function readToken<T>(secret: string, token: string): T | null {
  const [data, sig] = token.split('.');
  if (!data || !sig) return null;
  const expected = hmac(secret, `cashier\n${data}`);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as T;
  } catch {
    return null;
  }
}
