/**
 * `npx tsx bench/profile-phone.ts [route...]`: where a page's start-up spends the main thread on the emulated phone of
 * bench/lib/phone.ts (CPU 4x slower, CDP Emulation.setCPUThrottlingRate): a sampled CPU profile (CDP Profiler) from
 * navigation until quiet, its self time summed by function and by source file (named through the build's source maps
 * when it was built with SZEAT_SOURCEMAP=1, else by chunk), and the long tasks. PROFILE_ADDRESS=1 saves a delivery
 * address first (a returning customer: home and the list then show restaurants). Uses dist/h5 and a fresh SQLite
 * database; PROFILE_URL measures a running site instead. A tool for finding work to move, not a benchmark.
 */
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT_DIR } from '../server/src/config';
import { PHONE } from './lib/phone';
import { startSzeat } from './lib/servers';
import { chromiumPath, sleep } from './lib/util';

const ADDRESS = {
  lat: 22.548,
  lng: 114.122,
  name: '东门步行街',
  address: '东门中路',
  source: 'building',
  city_id: 1,
  building_id: 10,
};

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

// Node's own source map reader (node:module SourceMap), so the tool needs no package of its own.
const maps = new Map<string, SourceMap | null>();
function mapFor(url: string): SourceMap | null {
  if (maps.has(url)) return maps.get(url)!;
  let map: SourceMap | null = null;
  try {
    const file = path.join(ROOT_DIR, 'dist', 'h5', new URL(url).pathname);
    map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')));
  } catch {
    map = null;
  }
  maps.set(url, map);
  return map;
}

function where(frame: Node['callFrame']): { fn: string; file: string } {
  if (!frame.url) return { fn: frame.functionName || '(program)', file: '(native)' };
  const map = mapFor(frame.url);
  const chunk = path.basename(new URL(frame.url).pathname);
  if (!map) return { fn: `${frame.functionName || '(anon)'} ${chunk}:${frame.lineNumber}`, file: chunk };
  // Both zero-based, as the profile's frames are; an entry without a source is {}.
  const pos = map.findEntry(frame.lineNumber, frame.columnNumber) as {
    originalSource?: string;
    originalLine?: number;
    name?: string;
  };
  const source = (pos.originalSource ?? chunk).replace(/^.*node_modules\//, 'nm/').replace(/^webpack:\/\/[^/]*\//, '');
  const line = pos.originalLine === undefined ? '?' : pos.originalLine + 1;
  return { fn: `${pos.name || frame.functionName || '(anon)'} ${source}:${line}`, file: source };
}

function summarise(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFn = new Map<string, number>();
  const byFile = new Map<string, number>();
  const byPackage = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(id)!;
    const { fn, file } = where(node.callFrame);
    if (fn === '(idle)' || fn === '(program)') return;
    byFn.set(fn, (byFn.get(fn) ?? 0) + ms);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
    const pkg = file.startsWith('nm/')
      ? file
          .split('/')
          .slice(1, file.split('/')[1]!.startsWith('@') ? 3 : 2)
          .join('/')
      : file.startsWith('src/')
        ? 'src'
        : file;
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `    ${v.toFixed(0).padStart(6)} ms  ${k}`)
      .join('\n');
  const total = [...byFn.values()].reduce((a, b) => a + b, 0);
  return `  script and GC, sampled: ${total.toFixed(0)} ms\n  by package:\n${top(byPackage, 12)}\n  by file:\n${top(byFile, 20)}\n  by function (self):\n${top(byFn, 30)}`;
}

async function main() {
  const routes = process.argv.slice(2).length
    ? process.argv.slice(2)
    : ['/', '/restaurant_list', '/restaurant_detail?id=1'];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'szeat-profile-'));
  const szeat = process.env.PROFILE_URL ? null : await startSzeat(`sqlite:${path.join(tmp, 'bench.db')}`);
  const base = process.env.PROFILE_URL ?? szeat!.url;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (const route of routes) {
      for (const counted of [false, true]) {
        const context = await browser.newContext({
          viewport: { width: PHONE.width, height: PHONE.height },
          deviceScaleFactor: PHONE.deviceScaleFactor,
          isMobile: true,
          hasTouch: true,
          serviceWorkers: 'block',
        });
        const page = await context.newPage();
        if (process.env.PROFILE_ADDRESS === '1') {
          await page.addInitScript(
            (saved) => localStorage.setItem('location', JSON.stringify({ data: saved })),
            ADDRESS,
          );
        }
        await page.addInitScript(
          `window.__tasks = []; new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__tasks.push([Math.round(e.startTime), Math.round(e.duration)]))).observe({ type: 'longtask', buffered: true });`,
        );
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
        await page.goto(`${base}${route}`, { waitUntil: 'load' });
        await sleep(5000);
        const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
        const tasks = await page.evaluate(() => (window as unknown as { __tasks: number[][] }).__tasks);
        await context.close();
        if (!counted) continue; // the first load warms the server's caches
        console.log(`== ${route}: long tasks [start, ms] ${JSON.stringify(tasks)}`);
        console.log(summarise(profile));
      }
    }
  } finally {
    await browser.close();
    await szeat?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
