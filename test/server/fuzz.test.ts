import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DIALECTS, useTestApp } from './support/app';
import { freshIp, registerUser } from './support/accounts';

/**
 * Schema-driven fuzzing (issue 8): every operation of the server's own OpenAPI document gets generated requests
 * (valid values, boundaries, wrong types, huge and odd strings, NUL and control characters, loose numbers such as
 * Infinity, NaN, 1e999, 0x10, true, one-element arrays, missing and extra fields, broken JSON) through the whole
 * app (every fifth over a real socket). Every answer must be below 500 and be the `{code, msg, data}` envelope (an image
 * for a code picture), and a body field set to null that its schema does not allow must be refused as bad input (1003),
 * never coerced and used.
 *
 * Seeded: the run prints its seed; `FUZZ_SEED=<seed>` replays the same requests. `FUZZ_REQUESTS` changes the count.
 */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3000);

/** mulberry32: small, fast, good enough to pick cases. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof prng>;

type Schema = {
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
};

interface Operation {
  method: 'GET' | 'POST';
  path: string;
  query: Array<{ name: string; required: boolean; schema: Schema }>;
  body?: Schema;
  /** The body is multipart/form-data (uploadphoto): its fields, files under them. */
  multipart?: Schema;
  secured: boolean;
}

/** A small real JPEG (made once), so some generated uploads get through to the picture pipeline. */
const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64',
);

/** A multipart body: some valid, many broken (boundaries, headers, field names, file contents). */
function multipartBody(schema: Schema, r: Rng): { contentType: string; payload: Buffer } {
  const boundary = r.pick(['szeatfuzz', '----x', 'a'.repeat(70), '"quoted"', '']);
  const parts: Buffer[] = [];
  const fieldNames = [...Object.keys(schema.properties ?? {}), 'file', 'photo', 'files[]', '', '__proto__', '饭'];
  const count = r.int(0, 4);
  for (let i = 0; i < count; i++) {
    const name = r.pick(fieldNames);
    const isFile = r.chance(0.7);
    const content = isFile
      ? r.pick([
          TINY_JPEG,
          TINY_JPEG.subarray(0, r.int(0, TINY_JPEG.length)),
          Buffer.from(r.pick(ODD_STRINGS)),
          Buffer.alloc(r.int(0, 70_000), r.int(0, 255)),
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
          Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.from(r.pick(HUGE))]),
        ])
      : Buffer.from(r.pick([...ODD_STRINGS, ...HUGE]));
    const disposition = isFile
      ? `form-data; name="${name}"; filename="${r.pick(['a.jpg', '../../x.jpg', '', 'a\u0000.png', '饭.webp'])}"`
      : `form-data; name="${name}"`;
    const headers = r.chance(0.05) ? 'Content-Type: text/plain' : `Content-Disposition: ${disposition}`;
    parts.push(Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), content, Buffer.from('\r\n'));
  }
  if (r.chance(0.85)) parts.push(Buffer.from(`--${boundary}--\r\n`));
  const contentType = r.chance(0.9) ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data';
  return { contentType, payload: Buffer.concat(parts) };
}

/** A JSON value written verbatim into a body (numbers JSON cannot carry: Infinity, NaN, 1e999, 0x10, -0). */
class Raw {
  constructor(readonly text: string) {}
}

function toJson(v: unknown): string {
  if (v instanceof Raw) return v.text;
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

const ODD_STRINGS = [
  '',
  ' ',
  'Infinity',
  '-Infinity',
  'NaN',
  '1e999',
  '-1e999',
  '0x10',
  '0b1',
  '1e3',
  'true',
  'false',
  'null',
  'undefined',
  '[]',
  '{}',
  '-0',
  '+1',
  ' 1',
  '1 ',
  '1.5',
  '-1',
  '0',
  '2147483648',
  '9007199254740993',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001f\u007f\u0085',
  'line\nbreak\ttab\r',
  '\u2028\u2029',
  '\u202eevil',
  '\ud800',
  '\udfff\ud800',
  '😀🍜',
  '饭',
  '餐厅 Restaurant',
  "' OR '1'='1",
  '"; drop table users; --',
  '%',
  '_',
  '%_\\',
  '\\',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  '13800138000',
  'demo@szeat.cn',
  'correct-horse-8',
];
const HUGE = ['x'.repeat(1001), '饭'.repeat(5000), 'a'.repeat(70_000), '%'.repeat(2000), '\u0000'.repeat(100)];
const ODD_NUMBERS = [
  new Raw('1e999'),
  new Raw('-1e999'),
  new Raw('NaN'),
  new Raw('Infinity'),
  new Raw('-Infinity'),
  new Raw('0x10'),
  new Raw('-0'),
  new Raw('1E400'),
  new Raw('00012'),
  0,
  -1,
  0.5,
  -0.5,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 53 + 2,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];
const WRONG_TYPES: unknown[] = [true, false, null, [], [1], ['1'], [[1]], {}, { a: 1 }, 'abc', 1, [null]];

/** A value the schema accepts (mostly realistic ones, so requests get past validation into the services). */
function valid(s: Schema, r: Rng, ids: number[]): unknown {
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return valid(r.pick(branches), r, ids);
  if (s.enum) return r.pick(s.enum);
  if (s.nullable && r.chance(0.1)) return null;
  switch (s.type) {
    case 'integer': {
      const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1000);
      const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1000);
      const inRange = ids.filter((x) => x >= lo && x <= hi);
      if (inRange.length && r.chance(0.6)) return r.pick(inRange);
      return r.pick([lo, hi, lo + 1, r.int(lo, Math.min(hi, lo + 100))]);
    }
    case 'number': {
      const lo = s.minimum ?? s.exclusiveMinimum ?? -1e6;
      const hi = s.maximum ?? s.exclusiveMaximum ?? 1e6;
      return r.pick([lo, hi, 0, 22.54, 114.05, lo + (hi - lo) * r.next()]);
    }
    case 'boolean':
      return r.chance(0.5);
    case 'string': {
      const max = s.maxLength ?? 64;
      const min = s.minLength ?? 0;
      const text = r.pick(['饭', 'a', 'Li Lei', '13800138000', 'demo@szeat.cn', 'correct-horse-8', '302', '', 'mp']);
      if (text.length >= min && text.length <= max) return text;
      return 'a'.repeat(Math.max(min, Math.min(max, 8)));
    }
    case 'array': {
      const n = r.int(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3));
      return Array.from({ length: n }, () => valid(s.items ?? {}, r, ids));
    }
    case 'object':
    default: {
      const out: Record<string, unknown> = {};
      for (const [k, p] of Object.entries(s.properties ?? {})) {
        if ((s.required ?? []).includes(k) || r.chance(0.5)) out[k] = valid(p, r, ids);
      }
      return out;
    }
  }
}

/** A value chosen to break things: boundaries just outside, wrong types, odd and huge strings, loose numbers. */
function hostile(s: Schema, r: Rng, ids: number[]): unknown {
  const numeric = s.type === 'integer' || s.type === 'number';
  const roll = r.next();
  if (numeric && roll < 0.35) {
    const edges: unknown[] = [];
    if (s.minimum !== undefined) edges.push(s.minimum - 1, s.minimum - 0.5);
    if (s.maximum !== undefined) edges.push(s.maximum + 1, s.maximum + 0.5);
    return r.pick([...edges, ...ODD_NUMBERS]);
  }
  if (roll < 0.6) return r.chance(0.9) ? r.pick(ODD_STRINGS) : r.pick(HUGE);
  if (roll < 0.85) return r.pick(WRONG_TYPES);
  if (roll < 0.95) return [valid(s, r, ids)];
  return s.type === 'string' && s.maxLength ? 'b'.repeat(s.maxLength + 1) : valid(s, r, ids);
}

/** How hostile this request is: a third are valid (to reach the services' own rules), the rest break some fields. */
let hostileRate = 0.45;
function value(s: Schema, r: Rng, ids: number[]): unknown {
  return r.chance(hostileRate) ? hostile(s, r, ids) : valid(s, r, ids);
}

/** One query-string value as a client would send it; arrays repeat the key, objects are bracketed. */
function queryPairs(name: string, v: unknown): Array<[string, string]> {
  if (v instanceof Raw) return [[name, v.text]];
  if (Array.isArray(v)) return v.flatMap((x) => queryPairs(name, x));
  if (v !== null && typeof v === 'object') return [[`${name}[a]`, '1']];
  return [[name, String(v)]];
}

/** Percent-encoding that also carries lone surrogates (as the invalid UTF-8 a careless client sends). */
function pct(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    out += c >= 0xd800 && c <= 0xdfff ? '%ED%A0%80' : encodeURIComponent(ch);
  }
  return out;
}

function encode(s: string, r: Rng): string {
  // Now and then a broken escape or raw characters instead of a clean encoding.
  if (r.chance(0.02)) return `${pct(s)}%E0%A4%A`;
  if (r.chance(0.02)) return `${pct(s)}%`;
  return pct(s);
}

interface FuzzRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Why no answer but a refusal is right (a field null that its schema does not allow). */
  mustRefuse?: string;
}

/** Whether a schema takes null: nullable, a null branch, or no type at all. */
function acceptsNull(s: Schema): boolean {
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return branches.some(acceptsNull);
  return s.nullable === true || s.type === 'null' || (s.type === undefined && s.enum === undefined);
}

function generate(op: Operation, r: Rng, ids: number[], tokens: string[]): FuzzRequest {
  hostileRate = r.pick([0, 0, 0.1, 0.3, 0.6]);
  const headers: Record<string, string> = { 'x-forwarded-for': freshIp() };
  const auth = r.next();
  if (auth < 0.65) headers.authorization = `Bearer ${r.pick(tokens)}`;
  else if (auth < 0.75)
    headers.authorization = r.pick(['Bearer ', 'Bearer x', 'Basic YTpi', 'Bearer ' + 'z'.repeat(500)]);
  if (r.chance(0.3)) headers['accept-language'] = r.pick(['en', 'cn', 'zh-CN', 'en-US,en;q=0.9', 'xx', '*', ';;;']);

  const pairs: Array<[string, string]> = [];
  for (const p of op.query) {
    if (!p.required && r.chance(0.3)) continue;
    if (p.required && r.chance(hostileRate / 4)) continue; // missing
    for (const pair of queryPairs(p.name, value(p.schema, r, ids))) pairs.push(pair);
    if (r.chance(0.05)) pairs.push([p.name, String(valid(p.schema, r, ids))]); // given twice
  }
  if (r.chance(0.1)) pairs.push([r.pick(['extra', '__proto__', 'constructor', '_lang', 'page']), r.pick(ODD_STRINGS)]);
  const qs = pairs.map(([k, v]) => `${pct(k)}=${encode(v, r)}`).join('&');
  const url = `${op.path}${qs ? `?${qs}` : ''}`;
  if (op.method === 'GET') return { method: 'GET', url, headers };
  if (op.multipart && r.chance(0.85)) {
    const body = multipartBody(op.multipart, r);
    headers['content-type'] = body.contentType;
    return { method: 'POST', url, headers, payload: body.payload };
  }

  headers['content-type'] = 'application/json';
  const shape = r.next();
  let payload: string;
  if (shape < 0.06 && hostileRate > 0) {
    payload = r.pick([
      '',
      '{',
      'null',
      '[]',
      '"text"',
      '1',
      'true',
      '{"a":1,"a":2}',
      '{"__proto__":{"polluted":1}}',
      '{"constructor":{"prototype":{"polluted":1}}}',
      '['.repeat(5000) + ']'.repeat(5000),
      '{"x":' + '['.repeat(3000) + ']'.repeat(3000) + '}',
      '\u0000',
    ]);
  } else if (shape < 0.08 && hostileRate > 0) {
    headers['content-type'] = r.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']);
    payload = 'a=1&b=2';
  } else {
    const schema = op.body ?? { type: 'object' };
    const body: Record<string, unknown> = {};
    // Now and then a body valid but for one field set to null where its schema does not take null: Ajv would coerce
    // it (to 0, "" or false), and the request would pass as another; it must be refused as bad input.
    const nullable = Object.entries(schema.properties ?? {}).filter(([, p]) => !acceptsNull(p));
    const nulled = nullable.length && r.chance(0.15) ? r.pick(nullable)[0] : undefined;
    if (nulled) hostileRate = 0;
    for (const [k, p] of Object.entries(schema.properties ?? {})) {
      const required = (schema.required ?? []).includes(k);
      if (k === nulled) {
        body[k] = null;
        continue;
      }
      if (required && r.chance(hostileRate / 4)) continue; // missing
      if (!required && r.chance(0.4)) continue;
      body[k] = value(p, r, ids);
    }
    if (nulled) return { method: 'POST', url, headers, payload: toJson(body), mustRefuse: `${nulled} null` };
    if (r.chance(0.1)) body[r.pick(['extra', 'user_id', 'id', '__proto__', 'is_admin'])] = r.pick([1, 'x', true, {}]);
    payload = toJson(body);
  }
  return { method: 'POST', url, headers, payload };
}

/** The request over HTTP to the listening server, answered in inject's shape. */
function overHttp(base: string, req: FuzzRequest) {
  return new Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const url = new URL(base);
    const body = req.payload === undefined ? undefined : Buffer.from(req.payload);
    const out = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    out.on('error', reject);
    out.end(body);
  });
}

function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, def] of Object.entries(methods)) {
      const params = (def.parameters ?? []) as Array<{ in: string; name: string; required?: boolean; schema: Schema }>;
      const content = (def.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content;
      ops.push({
        method: method.toUpperCase() as 'GET' | 'POST',
        path,
        query: params.filter((p) => p.in === 'query').map((p) => ({ ...p, required: p.required ?? false })),
        ...(content?.['application/json'] ? { body: content['application/json'].schema } : {}),
        ...(content?.['multipart/form-data'] ? { multipart: content['multipart/form-data'].schema } : {}),
        secured: Array.isArray(def.security) && def.security.length > 0,
      });
    }
  }
  return ops;
}

/** What is wrong with an answer, or undefined when it is a proper one. */
function problemWith(res: { statusCode: number; headers: Record<string, unknown>; body: string }): string | undefined {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode === 200 && /^image\//.test(type)) return undefined;
  if (!type.includes('application/json')) return `content-type ${type}`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return 'body is not JSON';
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body is not an object';
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'code,data,msg') return `envelope keys ${keys}`;
  const e = body as { code: unknown; msg: unknown };
  if (!Number.isInteger(e.code) || typeof e.msg !== 'string' || e.msg === '') return 'envelope types';
  return undefined;
}

/**
 * Whether an answer refused the request before any service used it: bad input (1003), or a refusal that comes
 * before validation (no session, media type, size). A business answer (404, 409, 200) means the input was taken.
 */
function refusedBeforeUse(res: { statusCode: number; body: string }): boolean {
  if ([401, 413, 415, 431].includes(res.statusCode)) return true;
  try {
    return res.statusCode === 400 && (JSON.parse(res.body) as { code?: number }).code === 1003;
  } catch {
    return false;
  }
}

describe.each(DIALECTS)('schema-driven fuzz on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api } = t;

  // 3000 requests take 50-60 s on a quiet two-core machine; the limit leaves room for a busy CI worker (a full run
  // on a loaded machine took over 180 s), since this test is about answers, not speed (npm run bench measures that).
  it(`answers ${REQUESTS} generated requests with the envelope, never a 5xx`, async () => {
    const ops = operationsOf((await api.get('docs/json')).body);
    expect(ops.length).toBeGreaterThan(30);

    // Two customers with an address each, so owned-id and logged-in paths are reached, and a pool of real ids.
    const users = [await registerUser(api, t.place), await registerUser(api, t.place)];
    const tokens = users.map((u) => u.token);
    const k = t.db.kysely;
    const idRows = await Promise.all([
      k.selectFrom('restaurants').select('id').orderBy('id').limit(5).execute(),
      k.selectFrom('menu_items').select('id').orderBy('id').limit(5).execute(),
      k.selectFrom('addresses').select('id').execute(),
      k.selectFrom('areas').select('id').limit(3).execute(),
      k.selectFrom('buildings').select('id').limit(3).execute(),
      k.selectFrom('articles').select('id').limit(3).execute(),
    ]);
    const ids = [...new Set([1, 2, 3, ...idRows.flat().map((x) => x.id)])];

    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const r = prng(SEED);
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    const started = Date.now();
    let sent = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const req = generate(r.pick(ops), r, ids, tokens);
      // Every fifth request goes over a real socket (Node's HTTP parser included), the rest through inject.
      const res =
        i % 5 === 0
          ? await overHttp(base, req)
          : (await api.request(req.method, req.url, { headers: req.headers, payload: req.payload })).raw;
      sent += 1;
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      // A fuzzed logout or password change ends the session: a new customer takes its t.place.
      const used = tokens.findIndex((tk) => req.headers.authorization === `Bearer ${tk}`);
      if (res.statusCode === 401 && used >= 0) tokens[used] = (await registerUser(api, t.place)).token;
      const problem =
        problemWith(res) ?? (req.mustRefuse && !refusedBeforeUse(res) ? `took ${req.mustRefuse}` : undefined);
      if (problem && failures.length < 20) {
        failures.push(
          `#${i} ${problem}: ${req.method} ${req.url.slice(0, 300)} ${String(req.payload ?? '').slice(0, 300)} -> ${res.body.slice(0, 200)}`,
        );
      }
    }
    const fivexx = Object.entries(statuses)
      .filter(([s]) => Number(s) >= 500)
      .reduce((n, [, c]) => n + c, 0);
    console.log(
      `fuzz (${dialect}): ${sent} requests, seed ${SEED} (replay: FUZZ_SEED=${SEED}), ${fivexx} 5xx, ` +
        `${Date.now() - started} ms, statuses ${JSON.stringify(statuses)}`,
    );
    expect(sent).toBeGreaterThanOrEqual(3000);
    expect(failures).toEqual([]);
  }, 600_000);
});
