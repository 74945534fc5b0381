/** With E2E_SCREENSHOTS=<dir>, tests save PNGs of whole pages there (for a person to look at); otherwise a no-op. */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

export async function screenshot(page: Page, name: string): Promise<string | undefined> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return undefined;
  const file = path.resolve(dir, `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Taro's H5 pages scroll inside their own container, so fullPage alone stops at the viewport: grow the viewport
  // to the visible page's content for the shot, then put it back.
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => {
    const visible = [...document.querySelectorAll<HTMLElement>('.taro_page')].filter((el) => el.offsetParent !== null);
    return Math.max(document.documentElement.scrollHeight, ...visible.map((el) => el.scrollHeight));
  });
  if (viewport && height > viewport.height) await page.setViewportSize({ width: viewport.width, height });
  try {
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  } finally {
    if (viewport && height > viewport.height) await page.setViewportSize(viewport);
  }
  return file;
}
