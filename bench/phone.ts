/**
 * `npx tsx bench/phone.ts`: the phone rows of `npm run bench` alone (bench/lib/phone.ts): total blocking time, LCP and
 * CLS of /, the restaurant list and a restaurant page beside the Taro hello world (bench/hello), observed in Chromium
 * on an emulated phone with the CPU slowed 4x, medians of BENCH_PHONE_RUNS (5). Uses the existing builds (dist/h5,
 * bench/hello/dist/h5) and a fresh SQLite database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT_DIR } from '../server/src/config';
import { phoneMetrics, type PhoneMetrics } from './lib/phone';
import { startSzeat } from './lib/servers';
import { serveStatic } from './lib/static-server';

const RUNS = Number(process.env.BENCH_PHONE_RUNS ?? 5);
const ROUTES = ['/', '/restaurant_list', '/restaurant_detail?id=1'];

export interface PhoneRow {
  what: string;
  szeat: string;
  baseline: string;
  ratio: number | null;
  target: string;
  met: boolean | null;
}

const ms = (v: number) => `${v.toFixed(0)} ms`;

/**
 * The table rows for the routes' figures beside the hello world's: TBT (Lighthouse's window, first contentful paint
 * until quiet), blocking from navigation start (every long task's time over 50 ms, before first paint too), LCP and
 * CLS. The TBT target (<= 2x the hello world's) is judged on blocking from start: the hello world runs all its script
 * before its first paint, so its TBT is 0 and no page can be within 2x of it, while blocking from start counts the same
 * window for both (a page that paints early and then blocks, and one that blocks and then paints, both pay for it).
 * Our TBT is also given as a ratio to the hello world's blocking from start, for reference only.
 */
export function phoneRows(base: PhoneMetrics, mine: PhoneMetrics[], routes: string[]): PhoneRow[] {
  const ratio = (a: number, b: number) => (b > 0 ? a / b : null);
  return mine.flatMap((m, i) => {
    const route = routes[i]!;
    const blockingRatio = ratio(m.blockingMs, base.blockingMs);
    return [
      {
        what: `phone TBT ${route}`,
        szeat: ms(m.tbtMs),
        baseline: ms(base.tbtMs),
        ratio: ratio(m.tbtMs, base.tbtMs),
        // The hello world's observed TBT is usually 0 (all its script runs before its first paint): no ratio then.
        target: base.tbtMs > 0 ? '-' : '(base 0)',
        met: null,
      },
      {
        what: `phone TBT ${route} vs hello blocking from start`,
        szeat: ms(m.tbtMs),
        baseline: ms(base.blockingMs),
        ratio: ratio(m.tbtMs, base.blockingMs),
        target: '-',
        met: null,
      },
      {
        what: `phone blocking from start ${route}`,
        szeat: ms(m.blockingMs),
        baseline: ms(base.blockingMs),
        ratio: blockingRatio,
        target: '<= 2x',
        met: blockingRatio === null ? null : blockingRatio <= 2,
      },
      {
        what: `phone LCP ${route}`,
        szeat: ms(m.lcpMs),
        baseline: ms(base.lcpMs),
        ratio: m.lcpMs / base.lcpMs,
        target: '<= 1.15x',
        met: m.lcpMs / base.lcpMs <= 1.15,
      },
      {
        what: `phone CLS ${route}`,
        szeat: m.cls.toFixed(3),
        baseline: base.cls.toFixed(3),
        ratio: null,
        target: '<= 0.05',
        met: m.cls <= 0.05,
      },
    ];
  });
}

/** Measures the hello world at helloUrl and szeat's routes at szeatUrl, interleaved. */
export async function measurePhone(helloUrl: string, szeatUrl: string, runs = RUNS): Promise<PhoneRow[]> {
  const [base, ...mine] = await phoneMetrics([`${helloUrl}/`, ...ROUTES.map((r) => `${szeatUrl}${r}`)], runs);
  for (const m of [base!, ...mine]) {
    console.log(
      `   ${m.url}: FCP ${ms(m.fcpMs)}, LCP ${ms(m.lcpMs)}, TBT ${ms(m.tbtMs)}, blocking from start ${ms(m.blockingMs)} (${m.longTasks} long tasks), CLS ${m.cls.toFixed(3)}`,
    );
  }
  return phoneRows(base!, mine, ROUTES);
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'szeat-phone-'));
  const db = `sqlite:${path.join(tmp, 'bench.db')}`;
  const szeat = await startSzeat(db);
  const hello = await serveStatic(path.join(ROOT_DIR, 'bench', 'hello', 'dist', 'h5'));
  try {
    console.log(`== H5 on a phone (CPU 4x slower, 390x844), median of ${RUNS}; load ${os.loadavg()[0]!.toFixed(2)}`);
    for (const r of await measurePhone(hello.url, szeat.url)) {
      const ratio = r.ratio === null ? '-' : `${r.ratio.toFixed(2)}x`;
      console.log(
        `  ${r.what.padEnd(60)} ${r.szeat.padStart(9)} ${r.baseline.padStart(9)} ${ratio.padStart(7)} ${r.target.padStart(9)} ${r.met === null ? '' : r.met ? 'met' : 'NOT met'}`,
      );
    }
  } finally {
    await hello.close();
    await szeat.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
