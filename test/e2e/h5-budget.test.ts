/**
 * The cheap, non-flaky guard of issue 10: the JS and CSS a phone downloads for `/` (gzip bytes of the built files the
 * page requested) stay under bench/budget.json. `npm run bench` measures the rest against baselines.
 */
import path from 'node:path';
import budget from '../../bench/budget.json';
import { measureRoute } from '../../bench/lib/first-load';
import { ROOT_DIR } from '../../server/src/config';
import { useSite } from './support/site';

const site = useSite();

test.each(Object.entries(budget.h5FirstLoadGzip))('first load of %s stays under its budget', async (route, limit) => {
  const measured = await measureRoute(site.page, site.url, path.join(ROOT_DIR, 'dist', 'h5'), route);
  console.log(
    `H5 first load ${route}: ${measured.files.length} files, ${measured.gzip} B gzip (budget ${limit} B), ${measured.brotli} B brotli`,
  );
  expect(measured.files.length).toBeGreaterThan(0);
  expect(measured.gzip).toBeLessThanOrEqual(limit);
});
