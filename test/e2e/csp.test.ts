import { cn, useSite } from './support/site';

/** 1x1 transparent PNG: what the stand-in tile server answers (no network in the tests). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * The H5 site works under the server's Content-Security-Policy (issue 8 §3): home with the Leaflet map open and its
 * tiles loaded from the configured tile host reports no policy violation (events and console), and the page
 * cannot be framed.
 */
describe('Content-Security-Policy in Chromium', () => {
  const site = useSite();

  it('home with the map and its tiles: no violation', async () => {
    const { page, context } = site;
    const tiles: string[] = [];
    await context.route(/^https:\/\/tile\.openstreetmap\.org\//, (route) => {
      tiles.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'image/png', body: PNG });
    });
    await page.addInitScript(() => {
      (window as unknown as { cspViolations: string[] }).cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { cspViolations: string[] }).cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const consoleCsp: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) consoleCsp.push(m.text());
    });
    const res = await page.goto(site.url);
    expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.getByRole('button', { name: cn.location.open_map }).click();
    await page.locator('.leaflet-container').first().waitFor({ state: 'visible' });
    await page.locator('img.leaflet-tile-loaded').first().waitFor({ state: 'attached', timeout: 20_000 });
    expect(tiles.length).toBeGreaterThan(0);
    // Styles, fonts and pictures of the page are loaded too.
    await page.waitForLoadState('networkidle');
    const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    expect(violations).toEqual([]);
    expect(consoleCsp).toEqual([]);
  });

  it('refuses to be framed by another page', async () => {
    const { page } = site;
    await page.setContent(`<iframe id="f" src="${site.url}/login"></iframe>`);
    const frame = await (await page.$('#f'))!.contentFrame();
    // A refused frame stays on an error page: the login page's script never runs in it.
    await page.waitForTimeout(1500);
    const appRendered = await frame!.evaluate(() => !!document.querySelector('#app *')).catch(() => false);
    expect(appRendered).toBe(false);
    // Chromium says why; that report is the expected outcome here, not a problem of the page.
    expect(site.problems).toEqual([expect.stringMatching(/Framing .* violates .*"frame-ancestors 'none'"/)]);
    site.problems.splice(0);
  });
});
