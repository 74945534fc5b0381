import { createHash } from 'node:crypto';
import { WechatError, type OauthScope, type Wechat } from './types';

const digest = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 28);

/** The code the sandbox authorize page hands back: always the same WeChat person, "sandbox-oa-user". */
export const SANDBOX_OA_PERSON = 'sandbox-oa-user';

/**
 * Offline, deterministic WeChat. A code names a person: the part before the first '.' (so "alice" and "alice.2"
 * are the same WeChat user; a real random code is a new person each time). Openids differ per app as in WeChat,
 * the unionid is the same for one person across the mini program and the official account.
 * Codes starting with "invalid" are refused like a wrong or used code; "unavailable" simulates an outage.
 */
export function createSandboxWechat(options: { authorizeBase: string }): Wechat {
  const person = (code: string) => {
    const trimmed = code.trim();
    if (!trimmed || trimmed.startsWith('invalid'))
      throw new WechatError('invalid_code', 'sandbox: invalid code', 40029);
    if (trimmed.startsWith('unavailable')) throw new WechatError('unavailable', 'sandbox: unavailable', -1);
    return trimmed.split('.')[0]!;
  };
  return {
    mode: 'sandbox',
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
  };
}
