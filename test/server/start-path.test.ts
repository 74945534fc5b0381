import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startArgs } from '../../bench/lib/servers';
import { ROOT_DIR } from '../../server/src/config';

const REPORT_LOADS = path.join(__dirname, 'support', 'report-loads.cjs');

/** The processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((e) => {
      try {
        const stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * What the first answer waits for (issue 10: start to first answer <= 2x a bare Fastify route): `npm start`'s
 * process (scripts/start.mjs, the compiled server) answers before it loads the OpenAPI packages; the document and
 * swagger-ui are made on the first docs request, and are the app's whole route list.
 */
describe('the start path', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'szeat-start-path-'));
    fs.mkdirSync(path.join(tmp, 'site'));
    fs.writeFileSync(path.join(tmp, 'site', 'index.html'), '<!doctype html><p>site</p>');
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('is one process that loads neither @fastify/swagger nor swagger-ui until the docs are asked for', async () => {
    // `npm start`'s node arguments (package.json), with the report of loaded files in front.
    const child = spawn(process.execPath, ['-r', REPORT_LOADS, ...startArgs()], {
      cwd: ROOT_DIR,
      env: {
        ...process.env,
        REPORT_LOADS: '@fastify/swagger,@fastify/swagger-ui',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        BUILD_SITE: 'never',
        SITE_DIR: path.join(tmp, 'site'),
        UPLOAD_DIR: path.join(tmp, 'uploads'),
        DATABASE_URL: `sqlite:${path.join(tmp, 'szeat.db')}`,
      },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      for (let i = 0; i < 600 && !/running at http:\/\/localhost:\d+\//.test(output); i++) {
        if (child.exitCode !== null) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const url = /running at http:\/\/localhost:(\d+)\//.exec(output)?.[1];
      if (!url) throw new Error(`the server did not start:\n${output}`);
      const origin = `http://127.0.0.1:${url}`;

      const article = (await (await fetch(`${origin}/api/szeat/article?id=42`)).json()) as { code: number };
      expect(article.code).toBe(1000);
      expect(output).not.toMatch(/^LOADED/m);
      if (process.platform === 'linux') expect(childrenOf(child.pid!)).toEqual([]);

      const res = await fetch(`${origin}/api/szeat/docs/json`);
      expect(res.status).toBe(200);
      const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
      expect(doc.openapi).toMatch(/^3\./);
      expect(Object.keys(doc.paths['/api/szeat/menulist'] ?? {})).toEqual(['get']);
      expect(Object.keys(doc.paths['/api/szeat/login'] ?? {})).toEqual(['post']);
      // The report works: the docs request is what loaded them.
      expect(output).toMatch(/^LOADED @fastify\/swagger /m);
      expect(output).toMatch(/^LOADED @fastify\/swagger-ui /m);
      const ui = await fetch(`${origin}/api/szeat/docs/`);
      expect(ui.status).toBe(200);
      expect(await ui.text()).toContain('swagger-initializer.js');
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 90000);
});
