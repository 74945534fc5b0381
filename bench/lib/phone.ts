import { chromium, type Browser } from 'playwright-core';
import { chromiumPath, median, sleep } from './util';

/** One page load on the emulated phone: what Lighthouse's mobile run reports, observed in the page itself. */
export interface PhoneSample {
  fcpMs: number;
  lcpMs: number;
  /** Sum over long tasks from first contentful paint until quiet of (duration - 50 ms), as Lighthouse's TBT. */
  tbtMs: number;
  /**
   * The same sum over every long task from navigation (before FCP too): the hello world runs all its script before its
   * first paint, so its TBT is 0 and a ratio to it says nothing; this one compares the whole start-up's blocking.
   */
  blockingMs: number;
  cls: number;
  longTasks: number;
  /** [start, duration] of each long task, ms from navigation. */
  tasks?: Array<[number, number]>;
}

export interface PhoneMetrics extends PhoneSample {
  url: string;
  runs: number;
}

/** Phone: 390x844 at 3x, touch, a mobile user agent, the CPU 4x slower (CDP Emulation.setCPUThrottlingRate). */
export const PHONE = { width: 390, height: 844, deviceScaleFactor: 3, cpuSlowdown: 4 };
/** Quiet: no long task and no request for this long (or QUIET_MAX_MS since navigation, whichever is first). */
const QUIET_MS = 3000;
const QUIET_MAX_MS = 25_000;

/** Collects paints, long tasks and layout shifts from the first byte of every page (buffered observers). */
const OBSERVE = `(() => {
  const m = (window.__phone = { fcp: 0, lcp: 0, cls: 0, tasks: [], last: 0 });
  const on = (type, fn) => { try { new PerformanceObserver((l) => l.getEntries().forEach(fn)).observe({ type, buffered: true }); } catch {} };
  on('paint', (e) => { if (e.name === 'first-contentful-paint') m.fcp = e.startTime; });
  on('largest-contentful-paint', (e) => { m.lcp = e.renderTime || e.loadTime || e.startTime; });
  on('layout-shift', (e) => { if (!e.hadRecentInput) m.cls += e.value; });
  on('longtask', (e) => { m.tasks.push([e.startTime, e.duration]); m.last = performance.now(); });
  on('resource', () => { m.last = performance.now(); });
})();`;

interface Observed {
  fcp: number;
  lcp: number;
  cls: number;
  tasks: Array<[number, number]>;
  last: number;
}

export async function loadOnce(browser: Browser, url: string): Promise<PhoneSample> {
  const context = await browser.newContext({
    viewport: { width: PHONE.width, height: PHONE.height },
    deviceScaleFactor: PHONE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    await page.addInitScript(OBSERVE);
    const start = Date.now();
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // Until quiet: no long task or request for QUIET_MS.
    for (;;) {
      await sleep(500);
      const idle = await page.evaluate(() => {
        const m = (window as unknown as { __phone: Observed }).__phone;
        return performance.now() - m.last;
      });
      if (idle >= QUIET_MS || Date.now() - start > QUIET_MAX_MS) break;
    }
    // LCP is final once the page is hidden or the user acts: read it as it stands now.
    const m = await page.evaluate(() => (window as unknown as { __phone: Observed }).__phone);
    let tbt = 0;
    for (const [taskStart, duration] of m.tasks) {
      const end = taskStart + duration;
      if (end <= m.fcp) continue;
      // Only the part after first contentful paint blocks (as Lighthouse clips at FCP).
      const after = Math.min(duration, end - m.fcp);
      tbt += Math.max(0, after - 50);
    }
    const blocking = m.tasks.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    return {
      fcpMs: m.fcp,
      lcpMs: m.lcp || m.fcp,
      tbtMs: tbt,
      blockingMs: blocking,
      cls: m.cls,
      longTasks: m.tasks.length,
      tasks: m.tasks,
    };
  } finally {
    await context.close();
  }
}

/**
 * Lighthouse-like phone figures observed in Chromium (not simulated): each URL loaded `runs` times in a fresh
 * context on an emulated phone with the CPU slowed 4x, the medians of FCP, LCP, TBT and CLS. The URLs are
 * interleaved run by run, so a noisy moment of this shared machine hits all of them alike.
 */
export async function phoneMetrics(urls: string[], runs = 5): Promise<PhoneMetrics[]> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    headless: true,
  });
  try {
    const samples = urls.map(() => [] as PhoneSample[]);
    for (const url of urls) await loadOnce(browser, url); // warm the server's caches, not counted
    for (let i = 0; i < runs; i++) {
      for (const [j, url] of urls.entries()) samples[j]!.push(await loadOnce(browser, url));
    }
    return urls.map((url, j) => {
      const s = samples[j]!;
      return {
        url,
        runs,
        fcpMs: median(s.map((x) => x.fcpMs)),
        lcpMs: median(s.map((x) => x.lcpMs)),
        tbtMs: median(s.map((x) => x.tbtMs)),
        blockingMs: median(s.map((x) => x.blockingMs)),
        cls: median(s.map((x) => x.cls)),
        longTasks: median(s.map((x) => x.longTasks)),
      };
    });
  } finally {
    await browser.close();
  }
}
