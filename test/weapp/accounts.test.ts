/**
 * The accounts screens in the compiled mini program (account sub-package): the login page (WeChat sign-in with a
 * wx.login code, e-mail and password with a code), and the user centre and address book signed in.
 */
import type { AuthResult, UserInfo } from '../../types/api/accounts';
import type { Address } from '../../types/api/addresses';
import { ErrorCode } from '../../types/errors';
import cn from '../../src/i18n/cn.json';
import { assertBuilt, readAppJson, subPackagesOf } from './dist';
import { type FakeRequest, type FakeResponse, type PageHandle, WeappHarness } from './harness';
import { vnodeText } from './wxml';

const ok = <T>(data: T): FakeResponse => ({ statusCode: 200, data: { code: ErrorCode.Ok, msg: '', data } });

const USER: UserInfo = {
  id: 3,
  name: '韩梅梅',
  nickname: '韩梅梅',
  phone: '13900139000',
  email: 'han@example.com',
  wallet_balance_fen: 3050,
  language: 'cn',
  default_address: null,
  has_password: true,
  wechat: { mp: true, oa: false },
  memberships: [],
};

const ADDRESS: Address = {
  id: 5,
  name: '韩梅梅',
  phone: '13900139000',
  city_id: 1,
  city_name: '深圳',
  area_id: 1,
  area_name: '南山区',
  building_id: 2,
  building_name: '科兴科学园',
  building_address: '南山区科苑路15号',
  building_no: 'B',
  room_no: '808',
  lat: 22.5,
  lng: 113.9,
  is_default: true,
  created_at: 0,
  updated_at: 0,
};

const auth = (token: string): AuthResult => ({
  access_token: token,
  expires_at: 0,
  user: USER,
  is_new: false,
  wechat_linked: false,
});

function fakeApi(req: FakeRequest): FakeResponse {
  switch (req.endpoint) {
    case 'wxminilogin':
      return ok(auth('tok-mini'));
    case 'login':
      return ok(auth('tok-mail'));
    case 'me':
      return req.header.Authorization
        ? ok({ ...USER, default_address: ADDRESS })
        : { statusCode: 401, data: { code: 1002, msg: '请登录', data: null } };
    case 'addrlist':
      return ok({ list: [ADDRESS] });
    case 'arealist':
      return ok([
        {
          id: 1,
          code: 'shenzhen',
          name: '深圳',
          lat: 0,
          lng: 0,
          areas: [{ id: 1, city_id: 1, name: '南山区', lat: 0, lng: 0 }],
        },
      ]);
    case 'whats-news-list':
      return ok({ list: [], total: 0, page: 1, page_size: 5, has_more: false });
    default:
      return { statusCode: 404, data: { code: ErrorCode.NotFound, msg: `no fake for ${req.url}`, data: null } };
  }
}

const harnesses: WeappHarness[] = [];
async function launch(storage: Record<string, unknown> = {}) {
  const h = new WeappHarness({ handler: fakeApi, storage });
  harnesses.push(h);
  await h.launch();
  return h;
}

beforeAll(() => assertBuilt());

afterEach(() => {
  for (const h of harnesses.splice(0)) {
    const problems = h.takeProblems();
    h.dispose();
    expect(problems).toEqual([]);
  }
});

const urls = (h: WeappHarness, api: string) => h.callsTo(api).map(([o]) => String((o as { url?: string }).url));
const toasts = (h: WeappHarness) => h.callsTo('showToast').map(([o]) => (o as { title?: string }).title);

async function type(page: PageHandle, name: string, value: string) {
  const input = page.nodes((n) => String(n.cl ?? n.class ?? '').includes(`form-input--${name}`))[0];
  expect(input).toBeDefined();
  await page.dispatch('input', input!, { value, cursor: value.length });
}

describe('account sub-package', () => {
  test('holds the login, register, forgot-password, address, wallet and voucher screens', () => {
    const account = subPackagesOf(readAppJson()).find((p) => p.root === 'screens/account');
    expect(account?.pages).toEqual([
      'login/index',
      'register/index',
      'forgetpwd/index',
      'addresses/index',
      'address-edit/index',
      'wallet/index',
      'vouchers/index',
    ]);
  });
});

describe('login page in the mini program', () => {
  test('loads with the form and WeChat sign-in', async () => {
    const h = await launch();
    const page = await h.openPage('screens/account/login/index');
    const texts = page.texts();
    for (const text of [cn.auth.email, cn.auth.password, cn.auth.forgot, cn.auth.wechat]) expect(texts).toContain(text);
    expect(vnodeText(page.render())).toContain(cn.auth.wechat);
  });

  test('WeChat sign-in: wx.login code -> wxminilogin -> me, "登录成功", then home', async () => {
    const h = await launch();
    const page = await h.openPage('screens/account/login/index');
    await page.tap(page.byClass('login__wechat-button')[0]!);
    await h.loop.waitFor(() => urls(h, 'reLaunch').length > 0, 'the screen change after the success toast');
    expect(h.callsTo('login')).toHaveLength(1);
    const sent = h.requests.find((r) => r.endpoint === 'wxminilogin');
    expect(sent?.data).toEqual({ code: 'harness-login-code' });
    expect(h.requests.find((r) => r.endpoint === 'me')?.header.Authorization).toBe('Bearer tok-mini');
    expect(toasts(h)).toContain(cn.auth.success);
    expect(h.storage.get('token')).toBe('tok-mini');
    expect(urls(h, 'reLaunch')).toEqual(['/screens/main/home/index']);
  });

  test('e-mail and password: checked first, then sent with a wx.login code; isBack goes back', async () => {
    const h = await launch();
    const page = await h.openPage('screens/account/login/index', { isBack: '1' });
    await page.tap(page.byClass('login__submit')[0]!);
    expect(page.texts()).toContain(cn.auth.error_email_empty);
    expect(h.requests.some((r) => r.endpoint === 'login')).toBe(false);
    await type(page, 'email', 'han@example.com');
    await type(page, 'password', 'secret-123');
    await page.tap(page.byClass('login__submit')[0]!);
    await h.loop.waitFor(() => h.callsTo('navigateBack').length > 0 || urls(h, 'reLaunch').length > 0, 'going back');
    expect(h.requests.find((r) => r.endpoint === 'login')?.data).toEqual({
      email: 'han@example.com',
      password: 'secret-123',
      code: 'harness-login-code',
    });
    expect(toasts(h)).toContain(cn.auth.success);
  });
});

describe('signed in', () => {
  const signedIn = { token: 'tok-1', userInfo: USER };

  test('the user centre loads `me` and shows the profile, balance and default address', async () => {
    const h = await launch(signedIn);
    const page = await h.openPage('screens/main/mine/index');
    expect(h.requests.find((r) => r.endpoint === 'me')?.header.Authorization).toBe('Bearer tok-1');
    const texts = page.texts();
    expect(texts).toContain(cn.mine.hello.replace('{name}', USER.nickname));
    expect(texts).toContain('¥30.5');
    expect(texts).toContain('南山区 · 科兴科学园 · B · 808');
    for (const text of [cn.mine.orders, cn.mine.addresses, cn.mine.wallet, cn.mine.vouchers])
      expect(texts).toContain(text);
    await page.tap(page.byClass('mine__entry--addresses')[0]!);
    expect(urls(h, 'navigateTo')).toEqual(['/screens/account/addresses/index']);
    expect(h.navigationFailures).toEqual([]);
  });

  test('the address book lists the addresses', async () => {
    const h = await launch(signedIn);
    const page = await h.openPage('screens/account/addresses/index');
    expect(page.texts()).toEqual(
      expect.arrayContaining([cn.address.title, '南山区 · 科兴科学园 · B · 808', cn.address.default]),
    );
    await page.tap(page.byClass('addresses__add')[0]!);
    expect(urls(h, 'navigateTo')).toEqual(['/screens/account/address-edit/index']);
    expect(h.navigationFailures).toEqual([]);
  });

  test('register, forgot password and address edit load', async () => {
    const h = await launch(signedIn);
    for (const [route, text] of [
      ['screens/account/register/index', cn.register.title],
      ['screens/account/forgetpwd/index', cn.reset.send],
      ['screens/account/address-edit/index', cn.address.new_title],
    ] as const) {
      const page = await h.openPage(route);
      expect(page.texts()).toContain(text);
      await h.closePage();
    }
  });
});
