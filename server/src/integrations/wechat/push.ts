import { createDecipheriv, createHash, timingSafeEqual } from 'node:crypto';

/**
 * WeChat's message push to the mini program's server (the address, Token and EncodingAESKey set in its console):
 * the signature of a push or of the URL check is sha1 of token, timestamp and nonce sorted and joined; in safe mode
 * the body carries `Encrypt` (AES-256-CBC, key = base64 of EncodingAESKey + "=", IV = its first 16 bytes, PKCS#7
 * padding to 32 bytes; plain text = 16 random bytes, 4-byte big-endian length, the message, the app id) signed as
 * `msg_signature` = sha1 of token, timestamp, nonce and Encrypt sorted and joined.
 */
export function pushSignature(...parts: string[]): string {
  return createHash('sha1')
    .update([...parts].sort().join(''))
    .digest('hex');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function validSignature(token: string, q: Record<string, string | undefined>): boolean {
  const { signature, timestamp, nonce } = q;
  if (!token || !signature || !timestamp || !nonce) return false;
  return sameText(pushSignature(token, timestamp, nonce), signature.toLowerCase());
}

/** The message inside `Encrypt`, or null when the key, padding, length or app id is wrong. */
export function decryptPush(aesKey: string, encrypted: string, appId: string): string | null {
  try {
    const key = Buffer.from(`${aesKey}=`, 'base64');
    if (key.length !== 32) return null;
    const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16));
    decipher.setAutoPadding(false);
    const padded = Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64')), decipher.final()]);
    const pad = padded[padded.length - 1]!;
    if (pad < 1 || pad > 32 || padded.length < 20 + pad) return null;
    const plain = padded.subarray(0, padded.length - pad);
    const length = plain.readUInt32BE(16);
    if (20 + length > plain.length) return null;
    const message = plain.subarray(20, 20 + length).toString('utf8');
    const from = plain.subarray(20 + length).toString('utf8');
    return from === appId ? message : null;
  } catch {
    return null;
  }
}

export interface PushKeys {
  token: string;
  /** Empty: plain-text mode (an encrypted push is refused). */
  aesKey: string;
  appId: string;
}

/**
 * A POST push verified and decoded into its message object; null when anything does not check out. Safe mode
 * (EncodingAESKey set) accepts only encrypted pushes; plain-text mode only plain ones (their signature covers no
 * body, so anyone could replay them: keep the Token secret and the push on https).
 */
export function decodePush(keys: PushKeys, query: Record<string, string | undefined>, body: unknown): object | null {
  if (!validSignature(keys.token, query)) return null;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const encrypted = (body as { Encrypt?: unknown }).Encrypt;
  if (keys.aesKey) {
    if (typeof encrypted !== 'string' || !query.msg_signature) return null;
    const expected = pushSignature(keys.token, query.timestamp!, query.nonce!, encrypted);
    if (!sameText(expected, query.msg_signature.toLowerCase())) return null;
    const text = decryptPush(keys.aesKey, encrypted, keys.appId);
    if (text === null) return null;
    try {
      const message: unknown = JSON.parse(text);
      return typeof message === 'object' && message !== null && !Array.isArray(message) ? message : null;
    } catch {
      return null;
    }
  }
  return encrypted === undefined ? body : null;
}
