import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  randomBytes,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';

/**
 * WeChat Pay API v3's cryptography (pay.weixin.qq.com/doc/v3, "签名与验签规则"): SHA256withRSA signatures over
 * newline-terminated lines, AEAD_AES_256_GCM for notification resources and platform certificates. node:crypto only.
 */

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';

/** A probe WeChat Pay sends to see that notifications are verified: its signature can never verify. */
export const SIGNTEST_PREFIX = 'WECHATPAY/SIGNTEST/';

/** Answers and notifications whose timestamp is this far (or farther) from our clock are refused. */
export const MAX_SKEW_MS = 5 * 60_000;

export const privateKeyOf = (pem: string | Buffer): KeyObject => createPrivateKey(pem);

/** A PEM public key, or the public key of a PEM certificate. */
export function publicKeyOf(pem: string | Buffer): KeyObject {
  const text = pem.toString();
  return text.includes('BEGIN CERTIFICATE') ? new X509Certificate(text).publicKey : createPublicKey(text);
}

export const nonce = () => randomBytes(16).toString('hex').toUpperCase();

/** The lines signed: each ends with `\n`, the last one too. */
export const lines = (...parts: string[]) => parts.map((p) => `${p}\n`).join('');

export const rsaSign = (key: KeyObject, message: string) =>
  createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64');

export function rsaVerify(key: KeyObject, message: string | Buffer, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message).verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/**
 * The request message: METHOD, the path with its query (no host), the timestamp in seconds, the nonce and the exact
 * body bytes sent (empty for GET).
 */
export const requestMessage = (
  method: string,
  pathAndQuery: string,
  timestamp: number,
  nonceStr: string,
  body: string,
) => lines(method.toUpperCase(), pathAndQuery, String(timestamp), nonceStr, body);

/** The Authorization header of a request signed with the merchant's API key. */
export function authorization(p: {
  mchid: string;
  serialNo: string;
  key: KeyObject;
  method: string;
  pathAndQuery: string;
  body: string;
  timestamp: number;
  nonceStr: string;
}): string {
  const signature = rsaSign(p.key, requestMessage(p.method, p.pathAndQuery, p.timestamp, p.nonceStr, p.body));
  return (
    `${AUTH_SCHEMA} mchid="${p.mchid}",nonce_str="${p.nonceStr}",signature="${signature}",` +
    `timestamp="${p.timestamp}",serial_no="${p.serialNo}"`
  );
}

/** Reads an Authorization header (the stand-in checks ours with it). */
export function parseAuthorization(header: string | undefined): Record<string, string> | null {
  if (!header?.startsWith(`${AUTH_SCHEMA} `)) return null;
  const out: Record<string, string> = {};
  for (const m of header.slice(AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) out[m[1]!] = m[2]!;
  return out;
}

/** `paySign` of wx.requestPayment / getBrandWCPayRequest: appId, timeStamp, nonceStr and package, RSA. */
export const paySign = (key: KeyObject, appId: string, timeStamp: string, nonceStr: string, pkg: string) =>
  rsaSign(key, lines(appId, timeStamp, nonceStr, pkg));

export interface Encrypted {
  algorithm?: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
}

/** AEAD_AES_256_GCM with the APIv3 key: the last 16 bytes of the base64 ciphertext are the tag. Throws when altered. */
export function decryptResource(apiV3Key: string, r: Encrypted): string {
  const data = Buffer.from(r.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}
