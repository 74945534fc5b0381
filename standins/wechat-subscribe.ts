import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for WeChat's subscribe message API on loopback: access tokens (cgi-bin/stable_token) and
 * cgi-bin/message/subscribe/send as the published protocol describes it: the token in the query, a JSON body with
 * touser, template_id, page, data ({ key: { value } }), miniprogram_state and lang. It keeps one-time grants per
 * user and template (given by the test, as a user tapping "allow" would): a send without one is refused with 43101;
 * a field out of WeChat's limits with 47003; an unknown token with 40001. Written on its own from the documentation,
 * sharing no code with the server's client. Test tool; never part of the server.
 */
export interface WechatSubscribeOptions {
  appId: string;
  secret: string;
}

export interface SentSubscribe {
  touser: string;
  template_id: string;
  page: string;
  data: Record<string, { value: string }>;
  miniprogram_state: string;
  lang: string;
}

const LIMITS: Record<string, number> = { thing: 20, character_string: 32, phrase: 5, number: 32, name: 10, time: 40 };

export async function startWechatSubscribe(o: WechatSubscribeOptions) {
  const tokens = new Set<string>();
  const grants = new Map<string, number>();
  const sent: SentSubscribe[] = [];
  const refused: Array<{ errcode: number; body: unknown }> = [];
  const reply = (res: http.ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        /* an empty or broken body is answered below */
      }
      const url = new URL(req.url ?? '/', 'http://standin');
      if (url.pathname === '/cgi-bin/stable_token' && req.method === 'POST') {
        if (body.appid !== o.appId || body.secret !== o.secret) {
          return reply(res, { errcode: 40125, errmsg: 'invalid appsecret' });
        }
        const token = `ACCESS_${randomBytes(6).toString('hex')}`;
        tokens.add(token);
        return reply(res, { access_token: token, expires_in: 7200 });
      }
      if (url.pathname === '/cgi-bin/message/subscribe/send' && req.method === 'POST') {
        const refuse = (errcode: number, errmsg: string) => {
          refused.push({ errcode, body });
          reply(res, { errcode, errmsg });
        };
        if (!tokens.has(url.searchParams.get('access_token') ?? '')) return refuse(40001, 'invalid credential');
        const m = body as unknown as SentSubscribe;
        if (typeof m.touser !== 'string' || typeof m.template_id !== 'string' || typeof m.data !== 'object') {
          return refuse(47003, 'argument invalid! data.format invalid');
        }
        for (const [key, field] of Object.entries(m.data ?? {})) {
          const kind = key.replace(/\d+$/, '');
          const value = (field as { value?: unknown })?.value;
          if (typeof value !== 'string' || value.length === 0) return refuse(47003, `argument invalid! ${key}`);
          if (LIMITS[kind] === undefined || [...value].length > LIMITS[kind]) {
            return refuse(47003, `argument invalid! data.${key}.value invalid`);
          }
        }
        if (!['zh_CN', 'en_US', 'zh_HK', 'zh_TW'].includes(String(m.lang ?? 'zh_CN'))) {
          return refuse(47003, 'argument invalid! lang');
        }
        const key = `${m.touser}|${m.template_id}`;
        const left = grants.get(key) ?? 0;
        if (left <= 0) return refuse(43101, 'user refuse to accept the msg');
        grants.set(key, left - 1);
        sent.push(m);
        return reply(res, { errcode: 0, errmsg: 'ok' });
      }
      res.writeHead(404).end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    refused,
    /** The user allowed one message of this template (tapped "allow" in requestSubscribeMessage). */
    grant(openid: string, templateId: string) {
      grants.set(`${openid}|${templateId}`, (grants.get(`${openid}|${templateId}`) ?? 0) + 1);
    },
    /** Every token handed out so far stops working (WeChat revoked them). */
    revokeTokens: () => tokens.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
