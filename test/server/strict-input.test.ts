import { ErrorCode } from '../../types/errors';
import { DIALECTS, useTestApp } from './support/app';
import { freshIp, registerUser, registration } from './support/accounts';
import { dishOf } from './support/cart';

/** Numbers and ids are finite decimals, never Ajv's loose coercions; strings carry no control characters. */
describe.each(DIALECTS)('strict input on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api } = t;
  let token: string;
  beforeAll(async () => {
    token = (await registerUser(api, t.place)).token;
  });

  const expectRefused = (res: { status: number; body: unknown }, field: string, msg?: string | RegExp) => {
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: ErrorCode.Validation, msg: expect.any(String), data: null });
    const text = (res.body as { msg: string }).msg;
    expect(text).toContain(field);
    if (msg) expect(text).toMatch(msg);
  };

  const LOOSE_NUMBERS = ['Infinity', '-Infinity', '1e999', 'NaN', '0x10', 'true', '1e3', '%201', ''];

  describe.each(LOOSE_NUMBERS)('query value %p', (bad) => {
    const v = bad.startsWith('%') ? bad : encodeURIComponent(bad);
    it.each([
      [`article-list?page=${v}&page_size=10`, 'page'],
      [`article-list?page=1&page_size=${v}`, 'page_size'],
      [`whats-news-list?page=${v}`, 'page'],
      [`storelist?page=${v}`, 'page'],
      [`newstores?page_size=${v}`, 'page_size'],
      [`storereview?restaurant_id=1&page=${v}`, 'page'],
      [`multiplesearch?keyword=a&page=${v}`, 'page'],
      [`closestaddr?lat=${v}&lng=1`, 'lat'],
      [`storeinfo?id=1&lat=${v}&lng=1`, 'lat'],
      [`article?id=${v}`, 'id'],
      [`addrinfo?id=${v}`, 'id'],
    ])('%s -> 400 naming %s', async (path, field) => {
      expectRefused(await api.get(path, { token, lang: 'en' }), field, /number/);
    });
  });

  it('refuses a one-element array for a number, and names the field in Chinese by default', async () => {
    expectRefused(await api.get('article?id=1&id=1', {}), 'id');
    const one = await api.post('setdefaultaddr', { id: [1] }, { token });
    expectRefused(one, 'id', /整数/);
  });

  it.each([
    ['string Infinity', 'Infinity'],
    ['JSON 1e999 (parses to Infinity)', '1e999'],
    ['true', true],
    ['hex', '0x10'],
  ])('refuses %s as an id in a JSON body', async (_, bad) => {
    const raw = typeof bad === 'string' && bad === '1e999' ? '{"id":1e999}' : JSON.stringify({ id: bad });
    const res = await api.post('setdefaultaddr', raw, {
      token,
      lang: 'en',
      headers: { 'content-type': 'application/json' },
    });
    expectRefused(res, 'id', /whole number/);
  });

  it('refuses Infinity as area_id at registration', async () => {
    const res = await api.post('reg', registration(t.place, { area_id: 'Infinity' }), { ip: freshIp(), lang: 'en' });
    expectRefused(res, 'area_id');
  });

  it('still takes plain decimals as numbers and ids', async () => {
    expect((await api.get('article-list?page=1&page_size=10')).status).toBe(200);
    expect((await api.get('closestaddr?lat=22.54&lng=113.95')).status).toBe(200);
    expect((await api.get('storeinfo?id=1&lat=-22.5&lng=%2B113.9')).status).not.toBe(400);
  });

  describe('control characters', () => {
    const NUL = '\u0000';
    it.each([
      ['multiplesearch', () => api.get(`multiplesearch?keyword=${encodeURIComponent(NUL)}`, { lang: 'en' }), 'keyword'],
      [
        'menulist',
        () => api.get(`menulist?restaurant_id=1&keyword=a${encodeURIComponent(NUL)}`, { lang: 'en' }),
        'keyword',
      ],
      [
        'buildinglist',
        () => api.get(`buildinglist?keyword=${encodeURIComponent('\u001b[2J')}`, { lang: 'en' }),
        'keyword',
      ],
      [
        'reg',
        () => api.post('reg', registration(t.place, { name: `Li${NUL}Lei` }), { ip: freshIp(), lang: 'en' }),
        'name',
      ],
      [
        'saveaddr',
        () =>
          api.post(
            'saveaddr',
            {
              name: 'Wang',
              phone: '13900000000',
              area_id: t.place.areaId,
              building_id: t.place.buildingId,
              building_no: '2',
              room_no: `3${NUL}02`,
            },
            { token, lang: 'en' },
          ),
        'room_no',
      ],
    ])('%s refuses a control character with a 400 naming the field', async (_, call, field) => {
      expectRefused(await call(), field, /control/);
    });

    it('keeps ordinary text, including line breaks', async () => {
      const res = await api.get(`multiplesearch?keyword=${encodeURIComponent('饭')}`);
      expect(res.status).toBe(200);
    });
  });

  describe('saveaddr coordinates', () => {
    const body = (over: Record<string, unknown>) => ({
      name: 'Wang',
      phone: '13900000001',
      area_id: t.place.areaId,
      building_id: t.place.buildingId,
      building_no: '2',
      room_no: '302',
      ...over,
    });
    it('takes the building’s coordinates for null lat and lng (never 0,0)', async () => {
      const res = await api.post('saveaddr', body({ lat: null, lng: null }), { token });
      expect(res.body.code).toBe(ErrorCode.Ok);
      expect(res.body.data).toMatchObject({ lat: t.place.lat, lng: t.place.lng });
      const row = await t.db.kysely
        .selectFrom('addresses')
        .select(['lat', 'lng'])
        .where('id', '=', res.body.data.id)
        .executeTakeFirstOrThrow();
      expect([Number(row.lat), Number(row.lng)]).toEqual([t.place.lat, t.place.lng]);
    });
    it.each([
      [{ lat: 22.5, lng: null }, 'lng'],
      [{ lat: null, lng: 114 }, 'lat'],
    ])('refuses %p (one coordinate without the other)', async (coords, field) => {
      const res = await api.post('saveaddr', body(coords), { token, lang: 'en' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: ErrorCode.Validation, data: { field } });
    });
    it('keeps given coordinates, including a string decimal and 0', async () => {
      const res = await api.post('saveaddr', body({ lat: '22.55', lng: 0 }), { token });
      expect(res.body.data).toMatchObject({ lat: 22.55, lng: 0 });
    });
  });

  describe('null only where the schema allows it', () => {
    // Ajv coerces null to 0, "" or false: editcart's quantity null was a quantity of 0, which deleted the line and
    // answered success.
    it('editcart with quantity null is refused naming quantity, and the line stays', async () => {
      const dish = await dishOf(t.db, 1);
      const added = await api.post('addcart', { restaurant_id: 1, dish_id: dish.id, quantity: 2 }, { token });
      expect(added.body.code).toBe(ErrorCode.Ok);
      const cartId = added.body.data.cart_id;
      const res = await api.post('editcart', { cart_id: cartId, quantity: null }, { token, lang: 'en' });
      expectRefused(res, 'quantity', /whole number/);
      const lines = (await api.get('cartlist?restaurant_id=1', { token })).body.data.list;
      expect(lines).toEqual([expect.objectContaining({ cart_id: cartId, quantity: 2 })]);
    });

    it.each([
      ['addcart', { restaurant_id: 1, dish_id: null }, 'dish_id', /whole number/],
      ['updatepopup', { popup_id: 1, device_id: null }, 'device_id', /text/],
      ['delcart', { restaurant_id: 1, all: null }, 'all', /true or false/],
      ['confirmorder', { restaurant_id: 1, mode: 'delivery', voucher_id: null }, 'voucher_id', /whole number/],
    ])('%s with %p is refused naming %s', async (path, payload, field, msg) => {
      expectRefused(await api.post(path, payload, { token, lang: 'en' }), field, msg);
    });

    it('a body of null is refused as a whole', async () => {
      const res = await api.post('editcart', 'null', {
        token,
        lang: 'en',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ErrorCode.Validation);
    });
  });
});
