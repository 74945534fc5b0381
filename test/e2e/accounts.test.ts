/**
 * Accounts end to end, in both languages (spec §2 login/register/forgetpwd/mine, §4 login state, §8 1002):
 * register -> the logged-in header with the name -> log out (the token is revoked) -> log in -> add an address ->
 * make it the default; forgot password with the sandbox SMS code -> log in with the new password, the old token 1002.
 */
import type { Page } from 'playwright-core';
import type { SandboxSms } from '../../server/src/integrations/sms';
import type { AuthResult } from '../../types/api/accounts';
import type { AddressList } from '../../types/api/addresses';
import type { AreaList, BuildingList } from '../../types/api/places';
import { ErrorCode } from '../../types/errors';
import { screenshot } from './support/screenshot';
import { API_PREFIX, apiData, cn, exactly, open, PACKS, shown, textOf, textsOf, useSite } from './support/site';

const site = useSite();

type Lang = 'cn' | 'en';

let serial = 0;
/** A new customer for each journey: unique phone and e-mail. */
function customer(lang: Lang) {
  serial += 1;
  const n = `${Date.now() % 1_000_000}`.padStart(6, '0') + String(serial).padStart(2, '0');
  return {
    name: lang === 'cn' ? `李雷${serial}` : `Li Lei ${serial}`,
    phone: `139${n}`,
    email: `e2e.${lang}.${n}@example.com`,
    password: 'secret-123',
  };
}

/** Starts the site in a language (as a saved choice, like the language dropdown leaves it). */
async function useLanguage(page: Page, lang: Lang) {
  await page.addInitScript((l) => window.localStorage.setItem('_lang', JSON.stringify({ data: l })), lang);
}

/** Calls the API as a client holding `token` would. */
async function api(
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; code: number; data: unknown }> {
  const res = await fetch(`${site.url}${API_PREFIX}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await res.json()) as { code: number; data: unknown };
  return { status: res.status, code: envelope.code, data: envelope.data };
}

const storedToken = (page: Page) =>
  page.evaluate(() => {
    const raw = window.localStorage.getItem('token');
    return raw ? (JSON.parse(raw) as { data: string }).data : null;
  });

/** Retries check until it passes (10 s at most). */
async function eventually(check: () => Promise<void>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** The toast Taro shows (H5), by its text. */
async function expectToast(page: Page, text: string) {
  await page
    .locator('.taro__toast p')
    .filter({ hasText: exactly(text) })
    .waitFor({ state: 'visible' });
}

async function fill(page: Page, field: string, value: string) {
  await shown(page, `input.form-input--${field}`).fill(value);
}

/** The first seeded area of the first city, and two of its buildings, in the language. */
async function places(lang: Lang) {
  const cities = await apiData<AreaList>(site.url, 'arealist', lang);
  const area = cities[0]!.areas[0]!;
  const buildings = await apiData<BuildingList>(site.url, `buildinglist?area_id=${area.id}`, lang);
  expect(buildings.length).toBeGreaterThan(1);
  return { city: cities[0]!, area, buildings };
}

async function choosePlace(page: Page, area: string, building: string) {
  await shown(page, '.place-picker__area').click();
  await shown(page, '.place-picker__areas .option-sheet__option')
    .filter({ hasText: exactly(area) })
    .click();
  await shown(page, '.place-picker__building').click();
  await shown(page, '.place-picker__buildings .option-sheet__option')
    .filter({ has: page.locator('.option-sheet__label', { hasText: exactly(building) }) })
    .click();
}

async function logIn(page: Page, email: string, password: string) {
  await fill(page, 'email', email);
  await fill(page, 'password', password);
  await shown(page, '.login__submit').click();
}

for (const lang of ['cn', 'en'] as const) {
  const t = PACKS[lang];

  describe(`accounts (${lang})`, () => {
    test('register -> logged-in header -> log out -> log in -> add an address -> make it the default', async () => {
      const { page } = site;
      const who = customer(lang);
      const { city, area, buildings } = await places(lang);
      await useLanguage(page, lang);

      // Sign up from the top bar; the checks speak before anything is sent.
      await open(page, '/');
      await shown(page, '.top-bar__signup').click();
      await page.waitForURL((u) => u.pathname === '/register');
      await shown(page, '.register__submit').click();
      expect(await textOf(shown(page, '.form-field--phone .form-field__error'))).toBe(t.register.error_phone);
      expect(await textOf(shown(page, '.form-field--area .form-field__error'))).toBe(t.register.error_address);
      expect(site.apiRequests.filter((r) => r.path.endsWith('/reg'))).toEqual([]);

      await fill(page, 'name', who.name);
      await fill(page, 'phone', who.phone);
      await fill(page, 'email', who.email);
      await fill(page, 'password', who.password);
      await fill(page, 'confirm', who.password);
      await choosePlace(page, area.name, buildings[0]!.name);
      expect(await textOf(shown(page, '.place-picker__area .place-picker__value'))).toBe(`${city.name} · ${area.name}`);
      await fill(page, 'room-no', '1203');
      await screenshot(page, `register-filled-${lang}`);
      await shown(page, '.register__submit').click();
      await expectToast(page, t.register.success);
      await page.waitForURL((u) => u.pathname === '/');

      // Logged in: the header's dropdown shows the name.
      expect(await textOf(shown(page, '.top-bar__user-name'))).toBe(who.name);
      expect(await shown(page, '.top-bar__login').count()).toBe(0);
      const firstToken = await storedToken(page);
      expect(firstToken).toBeTruthy();
      expect((await api('me', firstToken!)).code).toBe(ErrorCode.Ok);

      // Log Out: logged out here, back on /, and the token is revoked on the server.
      await shown(page, '.top-bar__user .dropdown__trigger').click();
      expect(await textsOf(shown(page, '.top-bar__user .dropdown__item'))).toEqual([
        t.topbar.user_center,
        t.topbar.my_orders,
        t.topbar.logout,
      ]);
      await shown(page, '.top-bar__user .dropdown__item')
        .filter({ hasText: exactly(t.topbar.logout) })
        .click();
      await page.waitForURL((u) => u.pathname === '/');
      await shown(page, '.top-bar__login').waitFor();
      expect(await storedToken(page)).toBeNull();
      await eventually(async () => expect((await api('me', firstToken!)).code).toBe(ErrorCode.SessionInvalid));

      // Log In from the top bar.
      await shown(page, '.top-bar__login').click();
      await page.waitForURL((u) => u.pathname === '/login');
      await logIn(page, who.email, 'wrong-password');
      const refused = page.locator('.taro__toast p').filter({ hasText: /\S/ });
      await refused.waitFor({ state: 'visible' });
      expect(await refused.innerText()).not.toBe(t.auth.success);
      await fill(page, 'password', who.password);
      await shown(page, '.login__submit').click();
      await expectToast(page, t.auth.success);
      await page.waitForURL((u) => u.pathname === '/');
      expect(await textOf(shown(page, '.top-bar__user-name'))).toBe(who.name);
      const token = (await storedToken(page))!;

      // User Center -> Address book: the address given at sign-up, as the default.
      await shown(page, '.top-bar__user .dropdown__trigger').click();
      await shown(page, '.top-bar__user .dropdown__item')
        .filter({ hasText: exactly(t.topbar.user_center) })
        .click();
      await page.waitForURL((u) => u.pathname === '/mine');
      expect(await textOf(shown(page, '.mine__name'))).toBe(t.mine.hello.replace('{name}', who.name));
      await shown(page, '.mine__entry--addresses').click();
      await page.waitForURL((u) => u.pathname === '/address');
      await shown(page, '.address-item').first().waitFor();
      expect(await shown(page, '.address-item').count()).toBe(1);
      expect(await textOf(shown(page, '.address-item--default .address-item__line'))).toContain(buildings[0]!.name);

      // Add a second address.
      await shown(page, '.addresses__add').click();
      await page.waitForURL((u) => u.pathname === '/address_edit');
      expect(await shown(page, 'input.form-input--name').inputValue()).toBe(who.name);
      await choosePlace(page, area.name, buildings[1]!.name);
      await fill(page, 'room-no', '808');
      await shown(page, '.address-edit__save').click();
      await expectToast(page, t.address.saved);
      await page.waitForURL((u) => u.pathname === '/address');
      await eventually(async () => expect(await shown(page, '.address-item').count()).toBe(2));
      const added = shown(page, '.address-item').filter({ hasText: buildings[1]!.name });
      expect(await added.getAttribute('class')).not.toContain('address-item--default');
      await screenshot(page, `address-book-${lang}`);

      // Make it the default.
      await added.locator('.address-item__set-default').click();
      await expectToast(page, t.address.default_set);
      await eventually(async () =>
        expect(await textOf(shown(page, '.address-item--default .address-item__line'))).toContain(buildings[1]!.name),
      );
      const list = (await api('addrlist', token)).data as AddressList;
      expect(list.list.find((a) => a.is_default)?.building_id).toBe(buildings[1]!.id);
      expect(list.list).toHaveLength(2);
    });

    test('forgot password with the sandbox SMS code -> log in with the new password; the old token gets 1002', async () => {
      const { page } = site;
      const who = customer(lang);
      const { area, buildings } = await places(lang);
      const reg = await api('reg', undefined, {
        name: who.name,
        phone: who.phone,
        email: who.email,
        password: who.password,
        confirm_password: who.password,
        area_id: area.id,
        building_id: buildings[0]!.id,
        building_no: '',
        room_no: '101',
      });
      expect(reg.code).toBe(ErrorCode.Ok);
      const oldToken = (reg.data as AuthResult).access_token;
      expect((await api('me', oldToken)).code).toBe(ErrorCode.Ok);

      await useLanguage(page, lang);
      await open(page, '/login');
      await shown(page, '.login__forgot').click();
      await page.waitForURL((u) => u.pathname === '/forgetpwd');

      // The checks first, then the code.
      await shown(page, '.forgetpwd__submit').click();
      expect(await textOf(shown(page, '.form-field--phone .form-field__error'))).toBe(t.reset.error_phone);
      expect(await textOf(shown(page, '.form-field--code .form-field__error'))).toBe(t.reset.error_code);
      await fill(page, 'phone', who.phone);
      await shown(page, '.forgetpwd__send').click();
      await expectToast(page, t.reset.sent);
      expect(await textOf(shown(page, '.forgetpwd__send'))).toMatch(/(60|59)/);
      await page.waitForTimeout(1200);
      expect(await textOf(shown(page, '.forgetpwd__send'))).toMatch(/5\d/);

      const sms = (site.server.integrations.sms as SandboxSms).lastTo(who.phone);
      expect(sms).toBeDefined();
      const code = sms!.params[0]!;
      expect(code).toMatch(/^\d{6}$/);

      const newPassword = 'brand-new-9';
      await fill(page, 'code', code);
      await fill(page, 'password', newPassword);
      await fill(page, 'confirm', 'something-else');
      await shown(page, '.forgetpwd__submit').click();
      expect(await textOf(shown(page, '.form-field--confirm .form-field__error'))).toBe(t.reset.error_confirm);
      await fill(page, 'confirm', newPassword);
      await screenshot(page, `forgetpwd-filled-${lang}`);
      await shown(page, '.forgetpwd__submit').click();
      await expectToast(page, t.reset.success);
      await page.waitForURL((u) => u.pathname === '/login');

      // The old session is over; the old password no longer works; the new one does.
      const old = await api('me', oldToken);
      expect(old.code).toBe(ErrorCode.SessionInvalid);
      expect(old.status).toBe(401);
      expect((await api('login', undefined, { email: who.email, password: who.password })).code).not.toBe(ErrorCode.Ok);
      await logIn(page, who.email, newPassword);
      await expectToast(page, t.auth.success);
      await page.waitForURL((u) => u.pathname === '/');
      expect(await textOf(shown(page, '.top-bar__user-name'))).toBe(who.name);
    });
  });
}

test('a stored token the server no longer knows: the first call answers 1002 and the site logs out', async () => {
  const { page } = site;
  await page.addInitScript(() => {
    window.localStorage.setItem('token', JSON.stringify({ data: 'not-a-real-token' }));
    window.localStorage.setItem('userInfo', JSON.stringify({ data: { name: 'Ghost' } }));
  });
  const response = await page.goto('/mine');
  expect(response).toBeTruthy();
  await shown(page, '.login-prompt').waitFor();
  expect(await textOf(shown(page, '.login-prompt'))).toContain(cn.mine.login_prompt);
  await shown(page, '.top-bar__login').waitFor();
  expect(await page.locator('.top-bar__user-name').count()).toBe(0);
  const meCalls = site.apiRequests.filter((r) => r.path.endsWith('/me'));
  expect(meCalls).toHaveLength(1);
});

test('Log In from the user centre comes back to it (isBack)', async () => {
  const { page } = site;
  const who = customer('cn');
  const { area, buildings } = await places('cn');
  const reg = await api('reg', undefined, {
    name: who.name,
    phone: who.phone,
    email: who.email,
    password: who.password,
    confirm_password: who.password,
    area_id: area.id,
    building_id: buildings[0]!.id,
    building_no: '',
    room_no: '101',
  });
  expect(reg.code).toBe(ErrorCode.Ok);
  await open(page, '/mine');
  await shown(page, '.login-prompt__action').click();
  await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('isBack') === '1');
  await logIn(page, who.email, who.password);
  await expectToast(page, cn.auth.success);
  await page.waitForURL((u) => u.pathname === '/mine');
  expect(await textOf(shown(page, '.mine__name'))).toBe(cn.mine.hello.replace('{name}', who.name));
  expect(await textOf(shown(page, '.top-bar__user-name'))).toBe(who.name);
});

describe("inside WeChat's browser", () => {
  const WECHAT_UA =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40(0x18002831) NetType/WIFI Language/zh_CN';

  async function wechatPage() {
    const context = await site.context.browser()!.newContext({
      baseURL: site.url,
      userAgent: WECHAT_UA,
      viewport: { width: 375, height: 740 },
      serviceWorkers: 'block',
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(err.message));
    return { context, page, problems };
  }

  test('WeChat login: the OAuth redirect (sandbox authorize page) and back, logged in', async () => {
    const { context, page, problems } = await wechatPage();
    try {
      await open(page, '/login');
      await shown(page, '.login__wechat-button').click();
      await page.waitForURL(
        (u) => u.pathname === '/login' && u.searchParams.has('code') && u.searchParams.has('state'),
      );
      await expectToast(page, cn.auth.success);
      await page.waitForURL((u) => u.pathname === '/');
      const name = await textOf(shown(page, '.top-bar__user-name'));
      expect(name.length).toBeGreaterThan(0);
      const token = (await storedToken(page))!;
      expect((await api('me', token)).code).toBe(ErrorCode.Ok);
      expect(((await api('me', token)).data as { wechat: { oa: boolean } }).wechat.oa).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('a failed WeChat return clears token and login state', async () => {
    const { context, page, problems } = await wechatPage();
    try {
      await page.addInitScript(() => {
        if (window.sessionStorage.getItem('seeded')) return;
        window.sessionStorage.setItem('seeded', '1');
        window.localStorage.setItem('token', JSON.stringify({ data: 'some-earlier-token' }));
        window.localStorage.setItem('userInfo', JSON.stringify({ data: { name: 'Earlier' } }));
        window.localStorage.setItem('_wx_oauth_state', JSON.stringify({ data: 'state-not-issued' }));
      });
      await open(page, '/login?code=invalid-code&state=state-not-issued');
      // The server's message: this state was never issued.
      await page.locator('.taro__toast p').filter({ hasText: /\S/ }).waitFor({ state: 'visible' });
      await shown(page, '.top-bar__login').waitFor();
      expect(await storedToken(page)).toBeNull();
      expect(await page.evaluate(() => window.localStorage.getItem('userInfo'))).toBeNull();
      expect(page.url()).toContain('/login');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
