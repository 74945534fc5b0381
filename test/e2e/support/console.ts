/**
 * What the restaurant console journeys share: the demo restaurant's members (README: restaurant 9's owner and staff
 * member), logged in through the API, and a second browser (another person's phone) logged in as one of them.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_MERCHANT_PASSWORD } from '../../../server/src/seed/accounts';
import type { AuthResult, UserInfo } from '../../../types/api/accounts';
import { newContext } from './browser';
import { okApi, type Customer, type Lang } from './orders';
import type { Site } from './site';

export const OWNER = { email: 'owner@szeat.cn', password: DEMO_MERCHANT_PASSWORD };
export const STAFF = { email: 'staff@szeat.cn', password: DEMO_MERCHANT_PASSWORD };

/** A member's session in `lang`, as startLoggedIn takes it (the user as login answers it). */
export async function memberSession(site: Site, lang: Lang, who: typeof OWNER): Promise<Customer> {
  const auth = await okApi<AuthResult>(site, 'login', '', { ...who, code: '' }, lang);
  return { token: auth.access_token, user: auth.user, ...who };
}

/**
 * A second browser context (its own storage: another person's browser) whose first document starts in `lang` logged
 * in as `who` (the user as me answers it), with its page; its script errors fail the test as the site's page's do.
 */
export async function memberPage(
  site: Site,
  lang: Lang,
  who: typeof OWNER,
): Promise<{ context: BrowserContext; page: Page; token: string; user: UserInfo }> {
  const { token } = await memberSession(site, lang, who);
  const user = await okApi<UserInfo>(site, 'me', token, undefined, lang);
  const context = await newContext(site.context.browser()!, site.url);
  await context.addInitScript(
    ([l, t, u]) => {
      // Only on the first document: a later reload must see what the app itself stored.
      if (sessionStorage.getItem('e2e-started')) return;
      sessionStorage.setItem('e2e-started', '1');
      localStorage.setItem('_lang', JSON.stringify({ data: l }));
      localStorage.setItem('token', JSON.stringify({ data: t }));
      localStorage.setItem('userInfo', JSON.stringify({ data: u }));
    },
    [lang, token, user] as const,
  );
  const page = await context.newPage();
  page.on('pageerror', (err) => site.problems.push(`${who.email} pageerror: ${err.message}`));
  return { context, page, token, user };
}
