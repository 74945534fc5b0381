/**
 * The per-file set-up of the browser tests: one real server and one Chromium for the file, a fresh browser context
 * (empty localStorage) and page for every test, the API requests the page made, and the page's script errors, which
 * fail the test that caused them.
 */
import type { Browser, BrowserContext, Locator, Page, Request, Response } from 'playwright-core';
import cnMessages from '../../../src/i18n/cn.json';
import type { Integrations } from '../../../server/src/integrations';
import { ErrorCode } from '../../../types/errors';
import enMessages from '../../../src/i18n/en.json';
import { launchBrowser, newContext } from './browser';
import { startServer, type TestServer } from './server';

export const cn = cnMessages;
export const en = enMessages;
/** The message packs by language, as tests read the texts the app shows. */
export const PACKS = { cn, en };

/**
 * A message with its {placeholders} filled, as the app's translate does: a placeholder without a value stays as it is
 * (so a missing one shows in the failure, never as "undefined").
 */
export const fill = (template: string, params: Record<string, string | number> = {}) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));

/** A "one|other" message for a count (English; a message without "|" is the same for every count). */
export const plural = (template: string, count: number, params: Record<string, string | number> = {}) => {
  const [one, other] = template.split('|');
  return fill(count === 1 || other === undefined ? one! : other, { ...params, count });
};
export const API_PREFIX = '/api/szeat/';

export interface ApiRequest {
  url: string;
  path: string;
  acceptLanguage: string | undefined;
}

export interface Site {
  readonly url: string;
  /** The running server, with its sandbox integrations (e.g. the SMS outbox). */
  readonly server: TestServer;
  readonly page: Page;
  readonly context: BrowserContext;
  /** Every API call the page made since the test started (or since the test cleared the array). */
  readonly apiRequests: ApiRequest[];
  /** Uncaught exceptions and console errors of the page, except the browser's own "Failed to load resource". */
  readonly problems: string[];
}

/**
 * jest.config.js gives the e2e project `testTimeout: 60000`, but jest 30 reads testTimeout only from the global
 * configuration (a project's value is ignored and tests get 5 s), so the files that use the site set it here.
 */
export const E2E_TEST_TIMEOUT = 60_000;

export interface SiteOptions {
  /**
   * Keep the seeded pop-ups running. Off by default: home shows them to every new device and user, and the journeys
   * of the other files are not about them (test/e2e/home-extras.test.ts is).
   */
  popups?: boolean;
  /**
   * Let the site register its service worker (test/e2e/offline.test.ts). Blocked by default: a worker answering from
   * its cache would hide from the other files what the server answers.
   */
  serviceWorkers?: boolean;
  /** Integrations for the server instead of its sandboxes, made before it starts (payment stand-ins). */
  integrations?: () => Promise<Partial<Integrations>>;
  /** The server's clock (epoch ms) instead of the real one: a test moves it (e.g. `Date.now() + offset`). */
  now?: () => number;
}

export function useSite(options: SiteOptions = {}): Site {
  jest.setTimeout(E2E_TEST_TIMEOUT);
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const state: { context?: BrowserContext; page?: Page; apiRequests: ApiRequest[]; problems: string[] } = {
    apiRequests: [],
    problems: [],
  };

  beforeAll(async () => {
    server = await startServer(options.integrations ? await options.integrations() : undefined, options.now);
    if (!options.popups) await server.db.kysely.updateTable('popups').set({ ends_at: 0 }).execute();
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    try {
      await browser?.close();
    } finally {
      await server?.close();
    }
  });

  beforeEach(async () => {
    state.apiRequests = [];
    state.problems = [];
    state.context = await newContext(browser!, server!.url, { serviceWorkers: options.serviceWorkers });
    const page = await state.context.newPage();
    page.on('request', (req: Request) => {
      const url = new URL(req.url());
      if (!url.pathname.startsWith(API_PREFIX)) return;
      state.apiRequests.push({ url: req.url(), path: url.pathname, acceptLanguage: req.headers()['accept-language'] });
    });
    page.on('pageerror', (err) => state.problems.push(`pageerror: ${err.message}`));
    page.on('console', (msg) => {
      // A 404 document or a missing favicon is reported by the browser itself; statuses are asserted where they matter.
      if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) {
        state.problems.push(`console.error: ${msg.text()}`);
      }
    });
    state.page = page;
  });

  afterEach(async () => {
    const problems = state.problems;
    await state.context?.close();
    state.context = undefined;
    state.page = undefined;
    if (problems.length > 0) throw new Error(`The page reported errors:\n  ${problems.join('\n  ')}`);
  });

  return {
    get url() {
      if (!server) throw new Error('The server is not started (use the site inside a test)');
      return server.url;
    },
    get server() {
      if (!server) throw new Error('The server is not started (use the site inside a test)');
      return server;
    },
    get page() {
      if (!state.page) throw new Error('No page (use the site inside a test)');
      return state.page;
    },
    get context() {
      if (!state.context) throw new Error('No browser context (use the site inside a test)');
      return state.context;
    },
    get apiRequests() {
      return state.apiRequests;
    },
    get problems() {
      return state.problems;
    },
  };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches a whole (trimmed) text, for `locator.filter({ hasText })`. */
export const exactly = (text: string) => new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`);

/**
 * The elements of the screen in front of the user. Taro's H5 router keeps pages the user navigated away from in
 * the DOM (hidden), so every query goes through `:visible`.
 */
export const shown = (page: Page, selector: string): Locator => page.locator(`${selector} >> visible=true`);

/** Waits for the first match to be visible and returns its trimmed text. */
export async function textOf(locator: Locator): Promise<string> {
  const first = locator.first();
  await first.waitFor({ state: 'visible' });
  return (await first.innerText()).trim();
}

/** Texts of every visible match (after the first one has appeared). */
export async function textsOf(locator: Locator): Promise<string[]> {
  await locator.first().waitFor({ state: 'visible' });
  return (await locator.allInnerTexts()).map((t) => t.trim());
}

/** Opens a path and waits until the app has rendered its shell (top bar). Returns the document's response. */
export async function open(page: Page, path: string): Promise<Response> {
  const response = await page.goto(path);
  if (!response) throw new Error(`No response for ${path}`);
  await shown(page, '.top-bar').waitFor();
  return response;
}

/** Runs `action` (which must make the page reload itself) and waits for the new document's app shell. */
export async function expectReload(page: Page, action: () => Promise<void>): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eBeforeReload?: boolean }).__e2eBeforeReload = true;
  });
  await action();
  await page.waitForFunction(() => !(window as unknown as { __e2eBeforeReload?: boolean }).__e2eBeforeReload);
  await page.waitForLoadState('load');
  await shown(page, '.top-bar').waitFor();
}

/** Chooses a language in the top bar's dropdown (the flag) by its label; the page reloads. */
export async function chooseLanguage(page: Page, label: string): Promise<void> {
  await shown(page, '.top-bar__lang .dropdown__trigger').click();
  const item = shown(page, '.top-bar__lang .dropdown__item').filter({ hasText: exactly(label) });
  await expectReload(page, () => item.click());
}

/** The seeded server's own answer for an API path, in a language (to compare the page against). */
export async function apiData<T>(baseUrl: string, path: string, lang: 'cn' | 'en'): Promise<T> {
  const res = await fetch(`${baseUrl}${API_PREFIX}${path}`, { headers: { 'Accept-Language': lang } });
  const body = (await res.json()) as { code: number; data: T };
  if (body.code !== ErrorCode.Ok) throw new Error(`${path}: code ${body.code}`);
  return body.data;
}
