/**
 * Headless Chromium for the browser tests, driven by playwright-core: the system Chromium when there is one
 * (CHROMIUM_PATH, else /usr/bin/chromium), otherwise the binary inside the npm package @sparticuz/chromium, so a
 * plain `npm test` needs no manual install step.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { fromRoot } from '../../../server/src/config';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Flags for the Debian build (STACK-NOTES.md "Tests"). */
export const SYSTEM_CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserChoice {
  source: 'system' | 'sparticuz';
  executablePath: string;
  args: string[];
}

/**
 * @sparticuz/chromium is an ES module only, which jest's CommonJS runtime cannot load; a short child Node process
 * asks it for the binary (extracted into the temp dir on first use) and its flags.
 */
function sparticuzChromium(): BrowserChoice {
  const script =
    "import c from '@sparticuz/chromium';" +
    'const executablePath = await c.executablePath();' +
    'process.stdout.write(JSON.stringify({ executablePath, args: c.args }));';
  let out: string;
  try {
    out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: fromRoot('.'),
      encoding: 'utf8',
      timeout: 120_000,
    });
  } catch (err) {
    throw new Error(
      `No system Chromium (set CHROMIUM_PATH or install Debian's chromium) and @sparticuz/chromium failed: ${String(err)}`,
    );
  }
  const { executablePath, args } = JSON.parse(out) as { executablePath: string; args: string[] };
  return { source: 'sparticuz', executablePath, args: args.filter((a) => !SPARTICUZ_DROPPED_ARGS.includes(a)) };
}

/**
 * Flags of @sparticuz/chromium (made for one page per Lambda call) that do not suit the tests: with --single-process
 * closing a browser context kills the whole browser, and the two others would relax the same-origin rules the site
 * lives under.
 */
const SPARTICUZ_DROPPED_ARGS = ['--single-process', '--disable-web-security', '--allow-running-insecure-content'];

let cached: BrowserChoice | undefined;

/** E2E_BROWSER=sparticuz forces the npm binary (to test that path on a machine that has a system Chromium). */
export function chooseBrowser(env: NodeJS.ProcessEnv = process.env): BrowserChoice {
  if (cached) return cached;
  if (env.E2E_BROWSER !== 'sparticuz') {
    const candidate = env.CHROMIUM_PATH || SYSTEM_CHROMIUM;
    if (fs.existsSync(candidate)) {
      cached = { source: 'system', executablePath: candidate, args: SYSTEM_CHROMIUM_ARGS };
      return cached;
    }
    if (env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH=${env.CHROMIUM_PATH} does not exist`);
  }
  cached = sparticuzChromium();
  return cached;
}

export async function launchBrowser(): Promise<Browser> {
  const choice = chooseBrowser();
  return chromium.launch({
    executablePath: choice.executablePath,
    args: choice.args,
    headless: true,
    timeout: 60_000,
  });
}

/**
 * A fresh context per test: empty localStorage and cookies, a desktop viewport, and an English browser locale so
 * that the Chinese default has to come from the app rather than from the browser. Service workers are blocked unless
 * the test asks for them.
 */
export async function newContext(
  browser: Browser,
  baseURL: string,
  options: { serviceWorkers?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    serviceWorkers: options.serviceWorkers ? 'allow' : 'block',
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  return context;
}
