/**
 * `npm start` is the production start (README): one node process on the compiled server with the V8 settings that
 * keep its memory after load down (issue 10: RSS <= 2x a bare Fastify route), and the benchmark measures exactly
 * that command, without npm's own process.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startArgs } from '../../bench/lib/servers';

const ROOT = path.resolve(__dirname, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };

test('npm start runs node itself on scripts/start.mjs, with a small young generation', () => {
  const [command, ...args] = pkg.scripts.start.split(/\s+/);
  expect(command).toBe('node');
  expect(args.at(-1)).toBe('scripts/start.mjs');
  // V8's default (16 MB semi-spaces) leaves up to 32 MB of garbage in the young generation after load; 2 MB measured
  // 25-30 MB less RSS after load at the same CPU per request (README, Performance).
  expect(args).toContain('--max-semi-space-size=2');
  // Nothing between node and the server: no tsx, no second script.
  expect(args.filter((a) => !a.startsWith('--'))).toEqual(['scripts/start.mjs']);
});

test('the benchmark starts szeat with the same node arguments', () => {
  expect(startArgs()).toEqual(pkg.scripts.start.split(/\s+/).slice(1));
});

test('scripts/start.mjs starts no other process (the server runs in the process node started)', () => {
  for (const file of ['scripts/start.mjs', 'scripts/build-server.mjs']) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    expect([file, /child_process|\bspawn\(|\bfork\(|\bexecFile/.test(text)]).toEqual([file, false]);
  }
});
