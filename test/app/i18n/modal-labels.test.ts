/**
 * WeChat's showModal (and Taro's H5 copy of it) refuses the whole dialog when a button label is wider than 4 Chinese
 * characters (8 half-width). Every label the screens pass as confirmText / cancelText must fit, in both languages.
 */
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import cn from '../../../src/i18n/cn.json';
import en from '../../../src/i18n/en.json';
import { displayWidth, MODAL_BUTTON_MAX_WIDTH } from '../../../src/platform/common';

const root = join(__dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

// The console's management screens translate with useConsoleT: the app's t() bound to the merchant_manage namespace.
const keys = new Set<string>();
for (const file of sources(join(root, 'src'))) {
  const text = readFileSync(file, 'utf8');
  const namespace = text.includes('useConsoleT') ? 'merchant_manage.' : '';
  for (const m of text.matchAll(/(?:confirmText|cancelText):\s*t\('([\w.]+)'/g)) keys.add(`${namespace}${m[1]!}`);
}

const lookup = (pack: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], pack);

describe('dialog button labels', () => {
  it('are found in the screens', () => {
    expect([...keys]).toEqual(expect.arrayContaining(['pay.cancel_yes', 'checkout.confirm_address_no']));
  });

  it('are found in the console', () => {
    expect([...keys]).toEqual(expect.arrayContaining(['merchant_manage.member_remove']));
  });

  it.each([...keys])('%s fits a WeChat dialog button in both languages', (key) => {
    for (const pack of [cn, en]) {
      const text = lookup(pack, key);
      expect(typeof text).toBe('string');
      expect(displayWidth(text as string)).toBeLessThanOrEqual(MODAL_BUTTON_MAX_WIDTH);
    }
  });
});
