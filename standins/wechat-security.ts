import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for WeChat's mini program server API on loopback, for content security: it hands out access tokens
 * (cgi-bin/stable_token), turns login codes into openids (sns/jscode2session; such a user "used the mini program
 * lately"), checks text (wxa/msg_sec_check, version 2) and takes pictures to check (wxa/media_check_async, version 2),
 * whose verdict it then sends as a `wxa_media_check` event by message push to the configured address, signed with the
 * Token and, in safe mode, encrypted with the EncodingAESKey, as WeChat does. It fetches each picture from its
 * media_url first (WeChat must be able to). Written on its own from the published protocol, sharing no code with the
 * server's client. Test tool; never part of the server.
 */
export interface WechatSecurityOptions {
  appId: string;
  secret: string;
  /** Message push: the Token and, for safe mode, the 43-character EncodingAESKey. */
  pushToken: string;
  pushAesKey?: string;
  /** Words whose text is `risky`, and `review`. */
  riskyWords?: string[];
  reviewWords?: string[];
}

export interface MediaCheckCall {
  traceId: string;
  mediaUrl: string;
  openid: string;
  /** What fetching media_url gave: its status and first bytes. */
  fetched: { status: number; head: Buffer };
}

type Json = Record<string, unknown>;

export async function startWechatSecurity(o: WechatSecurityOptions) {
  let tokenSeq = 0;
  const tokens = new Set<string>();
  /** openids that "used the mini program lately". */
  const recentUsers = new Set<string>();
  const textCalls: Array<{ content: string; openid: string; scene: number }> = [];
  const mediaCalls: MediaCheckCall[] = [];

  function issueToken(): string {
    const token = `ACCESS_${++tokenSeq}_${randomBytes(4).toString('hex')}`;
    tokens.add(token);
    return token;
  }

  const reply = (res: http.ServerResponse, body: Json, status = 200) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  async function readJson(req: http.IncomingMessage): Promise<Json> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
    } catch {
      return {};
    }
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      if (url.pathname === '/cgi-bin/stable_token' && req.method === 'POST') {
        const body = await readJson(req);
        if (body.appid !== o.appId || body.secret !== o.secret)
          return reply(res, { errcode: 40125, errmsg: 'invalid appsecret' });
        return reply(res, { access_token: issueToken(), expires_in: 7200 });
      }
      if (url.pathname === '/sns/jscode2session') {
        const code = url.searchParams.get('js_code') ?? '';
        const openid = `o_${createHash('md5').update(code).digest('hex').slice(0, 20)}`;
        recentUsers.add(openid);
        return reply(res, { openid, session_key: randomBytes(16).toString('base64') });
      }
      const token = url.searchParams.get('access_token') ?? '';
      if (!tokens.has(token)) return reply(res, { errcode: 40001, errmsg: 'invalid credential' });
      if (url.pathname === '/wxa/msg_sec_check' && req.method === 'POST') {
        const body = await readJson(req);
        const content = String(body.content ?? '');
        const openid = String(body.openid ?? '');
        if (body.version !== 2) return reply(res, { errcode: 47001, errmsg: 'data format error' });
        if (!recentUsers.has(openid)) return reply(res, { errcode: 61010, errmsg: 'user access record expired' });
        textCalls.push({ content, openid, scene: Number(body.scene) });
        const suggest = (o.riskyWords ?? []).some((w) => content.includes(w))
          ? 'risky'
          : (o.reviewWords ?? []).some((w) => content.includes(w))
            ? 'review'
            : 'pass';
        return reply(res, {
          errcode: 0,
          errmsg: 'ok',
          trace_id: randomBytes(8).toString('hex'),
          result: { suggest, label: suggest === 'pass' ? 100 : 20001 },
          detail: [{ strategy: 'content_model', errcode: 0, suggest, label: suggest === 'pass' ? 100 : 20001 }],
        });
      }
      if (url.pathname === '/wxa/media_check_async' && req.method === 'POST') {
        const body = await readJson(req);
        const openid = String(body.openid ?? '');
        if (body.version !== 2 || body.media_type !== 2)
          return reply(res, { errcode: 47001, errmsg: 'data format error' });
        if (!recentUsers.has(openid)) return reply(res, { errcode: 61010, errmsg: 'user access record expired' });
        const traceId = `trace_${randomBytes(10).toString('hex')}`;
        const mediaUrl = String(body.media_url ?? '');
        let fetched = { status: 0, head: Buffer.alloc(0) };
        try {
          const got = await fetch(mediaUrl);
          fetched = { status: got.status, head: Buffer.from(await got.arrayBuffer()).subarray(0, 4) };
        } catch {
          // Recorded as status 0: the test sees WeChat could not fetch it.
        }
        mediaCalls.push({ traceId, mediaUrl, openid, fetched });
        return reply(res, { errcode: 0, errmsg: 'ok', trace_id: traceId });
      }
      return reply(res, { errcode: 404, errmsg: 'unknown api' }, 404);
    })().catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sign = (...parts: string[]) => createHash('sha1').update(parts.sort().join('')).digest('hex');

  /** The push as WeChat sends it: query with signature, timestamp, nonce (and in safe mode msg_signature), JSON body. */
  function pushRequest(message: Json, opts: { tamper?: boolean } = {}) {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = String(Math.floor(Math.random() * 1e9));
    const q = new URLSearchParams({ signature: sign(o.pushToken, timestamp, nonce), timestamp, nonce });
    let body: Json = message;
    if (o.pushAesKey) {
      const key = Buffer.from(`${o.pushAesKey}=`, 'base64');
      const text = Buffer.from(JSON.stringify(message), 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32BE(text.length);
      const plain = Buffer.concat([randomBytes(16), length, text, Buffer.from(o.appId)]);
      const pad = 32 - (plain.length % 32);
      const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
      cipher.setAutoPadding(false);
      const encrypted = Buffer.concat([cipher.update(Buffer.concat([plain, Buffer.alloc(pad, pad)])), cipher.final()]);
      const encryptedText = encrypted.toString('base64');
      q.set('encrypt_type', 'aes');
      q.set('msg_signature', sign(o.pushToken, timestamp, nonce, opts.tamper ? `${encryptedText}x` : encryptedText));
      body = { ToUserName: 'gh_standin', Encrypt: encryptedText };
    } else if (opts.tamper) {
      q.set('signature', sign('wrong-token', timestamp, nonce));
    }
    return { query: q.toString(), body };
  }

  return {
    base,
    /** The query string and body of a push carrying `message` (for checking a client without HTTP). */
    pushRequest,
    textCalls,
    mediaCalls,
    /** Forgets every token it handed out (WeChat revoked them): the next call with an old one answers 40001. */
    revokeTokens: () => tokens.clear(),
    /** Sends the verdict of a checked picture to `pushUrl` as WeChat would; answers the status and body it got. */
    async pushVerdict(
      pushUrl: string,
      traceId: string,
      suggest: 'pass' | 'review' | 'risky',
      opts: { tamper?: boolean } = {},
    ) {
      const message = {
        ToUserName: 'gh_standin',
        FromUserName: 'o_push_service',
        CreateTime: Math.floor(Date.now() / 1000),
        MsgType: 'event',
        Event: 'wxa_media_check',
        appid: o.appId,
        trace_id: traceId,
        version: 2,
        detail: [{ strategy: 'content_model', errcode: 0, suggest, label: suggest === 'pass' ? 100 : 20002, prob: 90 }],
        errcode: 0,
        errmsg: 'ok',
        result: { suggest, label: suggest === 'pass' ? 100 : 20002 },
      };
      const { query, body } = pushRequest(message, opts);
      const res = await fetch(`${pushUrl}?${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.text() };
    },
    /** The URL check WeChat makes when the push address is saved. */
    async verifyUrl(pushUrl: string, echostr: string) {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = '12345';
      const q = new URLSearchParams({ signature: sign(o.pushToken, timestamp, nonce), timestamp, nonce, echostr });
      const res = await fetch(`${pushUrl}?${q.toString()}`);
      return { status: res.status, body: await res.text() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
