import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { subscribeFieldProblem } from './subscribe-fields';
import { WechatError, type OauthScope, type SubscribeMessage, type Wechat } from './types';

const digest = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 28);

/** The code the sandbox authorize page hands back: always the same WeChat person, "sandbox-oa-user". */
export const SANDBOX_OA_PERSON = 'sandbox-oa-user';

/**
 * Offline, deterministic WeChat. A code signed by this sandbox (`sandboxCode(person)`: `<person>.<nonce>.<hmac>`,
 * HMAC-SHA256 under `secret`) names that person, so "alice.1.<sig>" and "alice.2.<sig>" are the same WeChat user.
 * Any other code, including a signed code with anything changed or appended ("<code>.forged"), is a person of its
 * own (as a real random code is a new person), so nobody can make up a code for someone else. Openids differ per
 * app as in WeChat, the unionid is the same for one person across the mini program and the official account.
 * Codes starting with "invalid" are refused like a wrong or used code; "unavailable" simulates an outage.
 */
export function createSandboxWechat(options: { authorizeBase: string; secret: string }): Wechat {
  const key = options.secret || randomBytes(32).toString('hex');
  const sign = (text: string) => createHmac('sha256', key).update(text).digest('base64url').slice(0, 22);
  const signedPerson = (code: string): string | undefined => {
    const at = code.lastIndexOf('.');
    const body = code.slice(0, at);
    const person = body.split('.')[0]!;
    if (at <= 0 || !person || !body.includes('.')) return undefined;
    const given = Buffer.from(code.slice(at + 1));
    const expected = Buffer.from(sign(body));
    return given.length === expected.length && timingSafeEqual(given, expected) ? person : undefined;
  };
  const person = (code: string) => {
    const trimmed = code.trim();
    if (!trimmed || trimmed.startsWith('invalid'))
      throw new WechatError('invalid_code', 'sandbox: invalid code', 40029);
    if (trimmed.startsWith('unavailable')) throw new WechatError('unavailable', 'sandbox: unavailable', -1);
    const signed = signedPerson(trimmed);
    return signed !== undefined ? `person:${signed}` : `code:${trimmed}`;
  };
  const subscribeOutbox: SubscribeMessage[] = [];
  return {
    mode: 'sandbox',
    subscribeOutbox,
    /** Sends nothing: checks the fields as WeChat does (47003 when out of limits) and keeps the message. */
    async sendSubscribeMessage(message) {
      const problem = Object.entries(message.data)
        .map(([key, value]) => subscribeFieldProblem(key, value))
        .find(Boolean);
      if (problem) throw new WechatError('unavailable', `sandbox: argument invalid! ${problem}`, 47003);
      subscribeOutbox.push(message);
      if (subscribeOutbox.length > 1000) subscribeOutbox.shift();
    },
    miniProgramAppId: 'sandbox-mp',
    officialAccountAppId: 'sandbox-oa',
    async miniProgramCodeToSession(code) {
      const p = person(code);
      return {
        openid: `sbx-mp-${digest(`mp:${p}`)}`,
        unionid: `sbx-u-${digest(p)}`,
        sessionKey: digest(`key:${code}`),
      };
    },
    async officialAccountCodeToUser(code) {
      const p = person(code);
      return { openid: `sbx-oa-${digest(`oa:${p}`)}`, unionid: `sbx-u-${digest(p)}` };
    },
    authorizeUrl({ redirectUri, state, scope }: { redirectUri: string; state: string; scope: OauthScope }) {
      const q = new URLSearchParams({ redirect_uri: redirectUri, state, scope });
      return `${options.authorizeBase}?${q.toString()}`;
    },
    async miniProgramCode() {
      return null;
    },
    sandboxCode(who: string) {
      if (!who || who.includes('.')) throw new Error('sandbox: a person name has no dots');
      const body = `${who}.${randomBytes(6).toString('hex')}`;
      return `${body}.${sign(body)}`;
    },
  };
}
