/**
 * Every endpoint the app calls exists on the server: the calls in src/services/*.ts (read from their syntax tree, so
 * a call the app makes cannot hide from the check) and the app's action list (src/services/actions.ts, which the HTTP
 * client enforces) are compared with the server's OpenAPI document, path and method.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ACTIONS } from '../../src/services/actions';
import { API_PREFIX } from '../../src/services/http';
import { useTestApp } from '../server/support/app';

const SERVICES = path.join(__dirname, '..', '..', 'src', 'services');

interface Call {
  where: string;
  method: 'GET' | 'POST';
  /** The endpoint literal, or undefined when it is not a string literal (which the check cannot follow). */
  action: string | undefined;
}

/**
 * `http.get('x')`, `http.post<T>('x', …)`, `http.upload<T>('x', …)` (a multipart POST), `http.url('x', …)` (a GET the
 * platform loads itself).
 */
function callsIn(file: string): Call[] {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const calls: Call[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'http' &&
      ['get', 'post', 'upload', 'url'].includes(node.expression.name.text)
    ) {
      const arg = node.arguments[0];
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      calls.push({
        where: `${path.relative(process.cwd(), file)}:${line + 1}`,
        method: ['post', 'upload'].includes(node.expression.name.text) ? 'POST' : 'GET',
        action: arg && ts.isStringLiteralLike(arg) ? arg.text.replace(/^\//, '') : undefined,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return calls;
}

const calls = fs
  .readdirSync(SERVICES)
  .filter((f) => f.endsWith('.ts') && f !== 'http.ts')
  .flatMap((f) => callsIn(path.join(SERVICES, f)));

const server = useTestApp('sqlite');
let operations: Set<string>;

beforeAll(async () => {
  const res = await server.api.get(`${API_PREFIX}docs/json`);
  expect(res.status).toBe(200);
  const doc = res.body as { paths: Record<string, Record<string, unknown>> };
  operations = new Set(
    Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)),
  );
});

const operationOf = (method: string, action: string) => `${method} ${API_PREFIX}${action}`;

/**
 * Calls the app already makes whose server side is still being built (none today). Listed here so
 * the gap is visible; the last test fails as soon as one of them exists on the server, so the entry must then go.
 */
const PENDING_ON_SERVER: string[] = [];
const pending = (method: string, action: string) => PENDING_ON_SERVER.includes(`${method} ${action}`);

test('the services make calls this check can read', () => {
  // Guards the reader itself: if the services stopped calling `http.get/post/url`, nothing below would be checked.
  expect(calls.length).toBeGreaterThanOrEqual(40);
  expect(calls.filter((c) => c.action === undefined).map((c) => c.where)).toEqual([]);
});

test('every call in src/services is an action of the app (services/actions.ts)', () => {
  const unknown = calls.filter((c) => !(ACTIONS[c.method] as readonly string[]).includes(c.action!));
  expect(unknown.map((c) => `${c.where} ${c.method} ${c.action}`)).toEqual([]);
});

test('every call in src/services exists on the server, with its method', () => {
  const missing = calls.filter(
    (c) => !operations.has(operationOf(c.method, c.action!)) && !pending(c.method, c.action!),
  );
  expect(missing.map((c) => `${c.where} ${c.method} ${c.action}`)).toEqual([]);
});

test("every action of the app's list exists on the server, with its method", () => {
  const missing = (['GET', 'POST'] as const).flatMap((m) =>
    ACTIONS[m].filter((a) => !operations.has(operationOf(m, a)) && !pending(m, a)).map((a) => `${m} ${a}`),
  );
  expect(missing).toEqual([]);
});

test('the calls still pending on the server are exactly the listed ones (remove an entry once it exists)', () => {
  const stillMissing = PENDING_ON_SERVER.filter((entry) => {
    const [method, action] = entry.split(' ') as [string, string];
    return !operations.has(operationOf(method, action));
  });
  expect(stillMissing).toEqual(PENDING_ON_SERVER);
});

test('the OpenAPI document is the real route list (a control: an unknown action is not in it)', () => {
  expect(operations.has(operationOf('GET', 'storelist'))).toBe(true);
  expect(operations.has(operationOf('POST', 'storelist'))).toBe(false);
  expect(operations.has(operationOf('GET', 'nosuchaction'))).toBe(false);
});
