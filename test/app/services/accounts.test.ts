import { createApi } from '../../../src/services';
import { createHttp } from '../../../src/services/http';
import { fakePlatform } from '../support/fake-platform';

function api(token?: string) {
  const platform = fakePlatform();
  const onSessionInvalid = jest.fn();
  const http = createHttp({ platform, baseUrl: '', getToken: () => token, getLang: () => 'en', onSessionInvalid });
  return { platform, api: createApi(http), onSessionInvalid };
}

const sent = (p: ReturnType<typeof fakePlatform>) => p.requests.map((r) => [r.method, r.url, r.data]);

describe('accounts api', () => {
  it('posts the sign-up and the sign-ins to their endpoints, with the busy spinner', async () => {
    const { platform, api: a } = api();
    const reg = {
      name: 'Li',
      phone: '13800138000',
      email: 'li@example.com',
      password: 'secret-123',
      confirm_password: 'secret-123',
      area_id: 1,
      building_id: 2,
      building_no: '',
      room_no: '101',
    };
    await a.accounts.reg(reg);
    await a.accounts.login({ email: 'li@example.com', password: 'secret-123', code: '' });
    await a.accounts.wxMiniLogin('c-1');
    await a.accounts.wxPublicLogin({ code: 'c-2', state: 's-2' });
    expect(sent(platform)).toEqual([
      ['POST', '/api/szeat/reg', reg],
      ['POST', '/api/szeat/login', { email: 'li@example.com', password: 'secret-123', code: '' }],
      ['POST', '/api/szeat/wxminilogin', { code: 'c-1' }],
      ['POST', '/api/szeat/wxpubliclogin', { code: 'c-2', state: 's-2' }],
    ]);
    expect(platform.feedback.showBusy).toHaveBeenCalledTimes(4);
    expect(platform.feedback.hideBusy).toHaveBeenCalledTimes(4);
  });

  it('gets me and the OAuth URL (query string)', async () => {
    const { platform, api: a } = api('tok');
    await a.accounts.me();
    await a.accounts.wxOauthUrl({ redirect: 'https://szeat.test/login?isBack=1', scope: 'snsapi_base' });
    expect(platform.requests.map((r) => [r.method, r.url])).toEqual([
      ['GET', '/api/szeat/me'],
      [
        'GET',
        `/api/szeat/wxoauthurl?redirect=${encodeURIComponent('https://szeat.test/login?isBack=1')}&scope=snsapi_base`,
      ],
    ]);
    expect(platform.requests[0]!.header.Authorization).toBe('Bearer tok');
  });

  it('logout sends the token it is given, even when the session has none any more', async () => {
    const { platform, api: a, onSessionInvalid } = api(undefined);
    await a.accounts.logout('tok-dropped');
    expect(platform.requests[0]!.url).toBe('/api/szeat/logout');
    expect(platform.requests[0]!.header.Authorization).toBe('Bearer tok-dropped');
    expect(onSessionInvalid).not.toHaveBeenCalled();
  });

  it('password reset: the SMS code, then the new password', async () => {
    const { platform, api: a } = api();
    await a.accounts.resetPwdSms('13800138000');
    await a.accounts.saveNewPwd({
      phone: '13800138000',
      code: '123456',
      password: 'new-pass-1',
      confirm_password: 'new-pass-1',
    });
    expect(sent(platform)).toEqual([
      ['POST', '/api/szeat/resetpwdsms', { phone: '13800138000' }],
      [
        'POST',
        '/api/szeat/savenewpwd',
        { phone: '13800138000', code: '123456', password: 'new-pass-1', confirm_password: 'new-pass-1' },
      ],
    ]);
  });
});

describe('addresses and places api', () => {
  it('address book calls', async () => {
    const { platform, api: a } = api('tok');
    await a.addresses.list();
    await a.addresses.get(5);
    await a.addresses.save({
      name: 'Li',
      phone: '13800138000',
      area_id: 1,
      building_id: 2,
      building_no: '',
      room_no: '101',
    });
    await a.addresses.setDefault(5);
    await a.addresses.remove(5);
    expect(platform.requests.map((r) => [r.method, r.url])).toEqual([
      ['GET', '/api/szeat/addrlist'],
      ['GET', '/api/szeat/addrinfo?id=5'],
      ['POST', '/api/szeat/saveaddr'],
      ['POST', '/api/szeat/setdefaultaddr'],
      ['POST', '/api/szeat/deladdr'],
    ]);
    expect(platform.requests.slice(3).map((r) => r.data)).toEqual([{ id: 5 }, { id: 5 }]);
  });

  it('areas and buildings', async () => {
    const { platform, api: a } = api();
    await a.places.areas();
    await a.places.areas(2);
    await a.places.buildings({ area_id: 7 });
    expect(platform.requests.map((r) => r.url)).toEqual([
      '/api/szeat/arealist',
      '/api/szeat/arealist?city_id=2',
      '/api/szeat/buildinglist?area_id=7',
    ]);
  });
});
