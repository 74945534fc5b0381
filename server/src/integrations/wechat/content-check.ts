import { randomBytes } from 'node:crypto';
import type { ContentCheck, PushMessage, Verdict } from '../content-check/types';
import { ContentCheckError } from '../content-check/types';
import { createAccessTokens } from './access-token';
import { decodePush, validSignature } from './push';

export interface RealContentCheckOptions {
  apiBase: string;
  appId: string;
  secret: string;
  pushToken: string;
  pushAesKey: string;
  timeoutMs?: number;
  now?: () => number;
}

/** errcodes that mean the access token is no longer good (expired early, revoked, or not ours). */
const TOKEN_ERRORS = new Set([40001, 40014, 42001]);
/** The openid has not used the mini program lately (WeChat checks only recent users' content). */
const STALE_USER = 61010;
/** Scene 2: comments. */
const SCENE_COMMENT = 2;
const VERDICTS = new Set<Verdict>(['pass', 'review', 'risky']);

const verdictOf = (value: unknown): Verdict => (VERDICTS.has(value as Verdict) ? (value as Verdict) : 'review');

interface SecAnswer {
  errcode?: number;
  errmsg?: string;
  trace_id?: string;
  result?: { suggest?: string; label?: number };
}

/**
 * WeChat content security over HTTPS (base URL configurable, so tests aim it at a local stand-in): text with
 * wxa/msg_sec_check (version 2, scene comment), pictures with wxa/media_check_async (version 2), whose verdict arrives
 * as a `wxa_media_check` event by message push (readPush). Both need the author's mini program openid; without one
 * (a customer who never opened the mini program), or when WeChat says the user has not used it lately, the content
 * cannot be checked and is held (`review`): shown to its author only.
 */
export function createRealContentCheck(o: RealContentCheckOptions): ContentCheck {
  const timeoutMs = o.timeoutMs ?? 10000;
  const tokens = createAccessTokens({
    apiBase: o.apiBase,
    appId: o.appId,
    secret: o.secret,
    timeoutMs,
    now: o.now ?? Date.now,
  });

  async function post(path: string, token: string, body: object): Promise<SecAnswer> {
    const url = `${o.apiBase.replace(/\/$/, '')}${path}?access_token=${encodeURIComponent(token)}`;
    let text: string;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
      if (!res.ok) throw new ContentCheckError(`WeChat ${path}: HTTP ${res.status}`);
    } catch (e) {
      if (e instanceof ContentCheckError) throw e;
      throw new ContentCheckError(`WeChat ${path}: ${(e as Error).message}`);
    }
    try {
      return JSON.parse(text) as SecAnswer;
    } catch {
      throw new ContentCheckError(`WeChat ${path}: not JSON`);
    }
  }

  /** One call, asked again once with a new token when WeChat refused the token. */
  async function call(path: string, body: object): Promise<SecAnswer> {
    let token = await tokens.get();
    let answer = await post(path, token, body);
    if (answer.errcode && TOKEN_ERRORS.has(answer.errcode)) {
      tokens.invalidate(token);
      token = await tokens.get();
      answer = await post(path, token, body);
    }
    return answer;
  }

  const failure = (path: string, a: SecAnswer) =>
    new ContentCheckError(`WeChat ${path}: ${a.errcode} ${a.errmsg ?? ''}`.trim(), a.errcode);

  return {
    mode: 'real',
    async checkText({ content, openid }) {
      if (!openid) return 'review';
      const a = await call('/wxa/msg_sec_check', { content, version: 2, scene: SCENE_COMMENT, openid });
      if (a.errcode === STALE_USER) return 'review';
      if (a.errcode) throw failure('msg_sec_check', a);
      return verdictOf(a.result?.suggest);
    },
    async submitImage({ url, openid }) {
      if (!openid) return { traceId: `unchecked-${randomBytes(12).toString('hex')}`, verdict: 'review' };
      const a = await call('/wxa/media_check_async', {
        media_url: url,
        media_type: 2,
        version: 2,
        scene: SCENE_COMMENT,
        openid,
      });
      if (a.errcode === STALE_USER)
        return { traceId: `unchecked-${randomBytes(12).toString('hex')}`, verdict: 'review' };
      if (a.errcode || !a.trace_id) throw failure('media_check_async', a);
      return { traceId: a.trace_id };
    },
    pushEcho(query) {
      return validSignature(o.pushToken, query) && query.echostr ? query.echostr : null;
    },
    readPush({ query, body }): PushMessage | null {
      const message = decodePush({ token: o.pushToken, aesKey: o.pushAesKey, appId: o.appId }, query, body) as {
        MsgType?: unknown;
        Event?: unknown;
        trace_id?: unknown;
        errcode?: unknown;
        result?: { suggest?: unknown };
      } | null;
      if (!message) return null;
      if (message.MsgType === 'event' && message.Event === 'wxa_media_check' && typeof message.trace_id === 'string') {
        // A check WeChat could not finish (errcode set) is held for a person, never passed.
        const verdict = message.errcode ? 'review' : verdictOf(message.result?.suggest);
        return { kind: 'media_check', traceId: message.trace_id, verdict };
      }
      return { kind: 'other', type: `${String(message.MsgType)}/${String(message.Event ?? '')}` };
    },
  };
}
