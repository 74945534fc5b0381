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

/** The table rows for the routes' figures beside the hello world's (TBT <= 2x, LCP <= 1.15x, CLS <= 0.05). */
export function phoneRows(base: PhoneMetrics, mine: PhoneMetrics[], routes: string[]): PhoneRow[] {
  return mine.flatMap((m, i) => {
    const route = routes[i]!;
    const tbtRatio = base.tbtMs > 0 ? m.tbtMs / base.tbtMs : null;
    return [
      {
        what: `phone TBT ${route}`,
        szeat: ms(m.tbtMs),
        baseline: ms(base.tbtMs),
        ratio: tbtRatio,
        // The hello world's observed TBT is usually 0 (all its script runs before its first paint): no ratio then.
        target: base.tbtMs > 0 ? '<= 2x' : '(base 0)',
        met: tbtRatio === null ? null : tbtRatio <= 2,
      },
      {
        what: `phone blocking from start ${route}`,
        szeat: ms(m.blockingMs),
        baseline: ms(base.blockingMs),
        ratio: base.blockingMs > 0 ? m.blockingMs / base.blockingMs : null,
        target: '-',
        met: null,
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
        `  ${r.what.padEnd(50)} ${r.szeat.padStart(9)} ${r.baseline.padStart(9)} ${ratio.padStart(7)} ${r.target.padStart(9)} ${r.met === null ? '' : r.met ? 'met' : 'NOT met'}`,
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
