import { chromiumPath, median } from './util';

export interface PageSpeed {
  url: string;
  runs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  score: number;
}

/**
 * Lighthouse 12 (mobile preset: simulated slow 4G and a 4x slower CPU) on the local Chromium, `runs` times;
 * the medians of LCP, TBT, CLS and the performance score.
 */
export async function pageSpeed(urls: string[], runs = 3): Promise<PageSpeed[]> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    const out: PageSpeed[] = [];
    for (const url of urls) {
      const samples: Array<{ lcp: number; tbt: number; cls: number; score: number }> = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const audits = result!.lhr.audits;
        samples.push({
          lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
          tbt: audits['total-blocking-time']?.numericValue ?? NaN,
          cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
          score: (result!.lhr.categories.performance?.score ?? NaN) * 100,
        });
      }
      out.push({
        url,
        runs,
        lcpMs: median(samples.map((s) => s.lcp)),
        tbtMs: median(samples.map((s) => s.tbt)),
        cls: median(samples.map((s) => s.cls)),
        score: median(samples.map((s) => s.score)),
      });
    }
    return out;
  } finally {
    chrome.kill();
  }
}
