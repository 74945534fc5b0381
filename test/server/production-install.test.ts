/**
 * A production install (issue 14 §6): `npm run build:h5 && npm run build:server`, then `npm ci --omit=dev`, then
 * `npm start`. The start must run from the built files with only `dependencies` installed: never the Taro CLI (a
 * devDependency) even when the site looks older than its sources, and no devDependency imported by the server.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { startArgs } from '../../bench/lib/servers';
import { ROOT_DIR } from '../../server/src/config';

const pkg = JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const packageOf = (spec: string) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

describe('a production install (devDependencies left out)', () => {
  let root: string;

  beforeAll(() => {
    // The server bundle as `npm run build:server` makes it (before devDependencies are left out).
    const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT_DIR, encoding: 'utf8' });
    expect(built.stderr).toBe('');
    expect(built.status).toBe(0);

    root = fs.mkdtempSync(path.join(os.tmpdir(), 'szeat-production-'));
    const copy = (file: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.copyFileSync(path.join(ROOT_DIR, file), path.join(root, file));
    };
    copy('package.json');
    copy('scripts/start.mjs');
    copy('scripts/build-server.mjs');
    fs.mkdirSync(path.join(root, 'server'));
    fs.symlinkSync(path.join(ROOT_DIR, 'server', 'public'), path.join(root, 'server', 'public'), 'dir');
    // The built site, older than a source beside it: BUILD_SITE=auto would rebuild it where it can.
    fs.mkdirSync(path.join(root, 'dist', 'h5'), { recursive: true });
    fs.writeFileSync(path.join(root, 'dist', 'h5', 'index.html'), '<!doctype html><p>built site</p>');
    const past = new Date(Date.now() - 24 * 3600_000);
    fs.utimesSync(path.join(root, 'dist', 'h5', 'index.html'), past, past);
    fs.mkdirSync(path.join(root, 'src'));
    fs.writeFileSync(path.join(root, 'src', 'app.tsx'), '// changed after the build\n');
    // node_modules with the dependencies only (each the installed package itself).
    const installed = fs.realpathSync(path.join(ROOT_DIR, 'node_modules'));
    for (const name of Object.keys(pkg.dependencies)) {
      fs.mkdirSync(path.dirname(path.join(root, 'node_modules', name)), { recursive: true });
      fs.symlinkSync(path.join(installed, name), path.join(root, 'node_modules', name), 'dir');
    }
    // Last, so it is newer than package.json (start.mjs rebuilds a bundle older than its sources).
    copy('dist/server/main.cjs');
    copy('dist/server/main.cjs.map');
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  function start(env: Record<string, string>) {
    const { BUILD_SITE: _b, NODE_PATH: _n, ...inherited } = process.env;
    const child = spawn(process.execPath, startArgs(), {
      cwd: root,
      env: {
        ...inherited,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: `sqlite:${path.join(root, 'data', 'szeat.db')}`,
        UPLOAD_DIR: path.join(root, 'data', 'uploads'),
        ...env,
      },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const url = (async () => {
      for (;;) {
        const m = /running at http:\/\/localhost:(\d+)\//.exec(output);
        if (m) return `http://127.0.0.1:${m[1]}`;
        if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    return { child, url, exited, output: () => output };
  }

  it('has no devDependency to reach (the premise: the Taro CLI cannot be resolved from the install)', () => {
    const requireFromRoot = createRequire(path.join(root, 'package.json'));
    expect(() => requireFromRoot.resolve('@tarojs/cli/package.json')).toThrow();
    expect(() => requireFromRoot.resolve('jest/package.json')).toThrow();
    expect(requireFromRoot.resolve('fastify')).toContain(`${path.sep}fastify${path.sep}`);
  });

  it('npm start (BUILD_SITE=auto, the site older than its sources) serves the built site and the API without building', async () => {
    const server = start({});
    const origin = await server.url;
    try {
      expect(server.output()).toMatch(/this install cannot build it \(no Taro CLI/);
      expect(server.output()).not.toMatch(/Building the H5 site/);
      expect(await (await fetch(`${origin}/healthz`)).json()).toEqual({ status: 'ok' });
      expect(await (await fetch(`${origin}/readyz`)).json()).toEqual({ status: 'ready' });
      const page = await fetch(`${origin}/`);
      expect(await page.text()).toContain('built site');
      const article = (await (await fetch(`${origin}/api/szeat/article?id=42`)).json()) as { code: number };
      expect(article.code).toBe(1000);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
  }, 60000);

  it('BUILD_SITE=never starts without looking; BUILD_SITE=always refuses, naming the missing Taro CLI', async () => {
    const never = start({ BUILD_SITE: 'never' });
    await never.url;
    expect(never.output()).not.toMatch(/cannot build|Building/);
    never.child.kill('SIGTERM');
    expect(await never.exited).toBe(0);

    const always = start({ BUILD_SITE: 'always' });
    await expect(always.url).rejects.toThrow(/BUILD_SITE=always: the Taro CLI \(a devDependency\) is not installed/);
    expect(await always.exited).toBe(1);
  }, 60000);

  it('every package the server and its start script import (at start or later) is a dependency', async () => {
    const imported = new Set<string>();
    const record: Plugin = {
      name: 'record-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (!args.path.startsWith('node:') && !builtinModules.includes(args.path)) imported.add(packageOf(args.path));
          return { path: args.path, external: true };
        });
      },
    };
    await build({
      entryPoints: [path.join(ROOT_DIR, 'server/src/main.ts'), path.join(ROOT_DIR, 'scripts/start.mjs')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outdir: path.join(os.tmpdir(), 'unused'),
      write: false,
      plugins: [record],
      logLevel: 'silent',
    });
    // The scan sees lazy imports too: esbuild (start.mjs, for a stale bundle) and pg (openDb, PostgreSQL only).
    expect([...imported]).toEqual(expect.arrayContaining(['fastify', 'kysely', 'esbuild', 'pg', 'better-sqlite3']));
    const notDependencies = [...imported].filter((name) => !(name in pkg.dependencies)).sort();
    expect(notDependencies).toEqual([]);
  });
});
