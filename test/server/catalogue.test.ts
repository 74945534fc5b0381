import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '../../types/errors';
import { createSessions } from '../../server/src/auth/sessions';
import { fromRoot } from '../../server/src/config';
import { seedPictures } from '../../server/src/seed/pictures';
import { DIALECTS, useTestApp } from './support/app';
import { chinaTime } from './support/clock';
import { pictureUrl } from '../../server/src/cache/picture-urls';

const ids = (list: Array<{ id: number }>) => list.map((s) => s.id);

describe.each(DIALECTS)('catalogue API on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api, clock } = t;
  beforeEach(() => {
    clock.set(chinaTime(2026, 10, 1, 12));
  });

  const get = (url: string, lang?: string) => api.get(url, { lang });

  describe('cuisineslist', () => {
    it('lists the cuisines with their restaurant counts, in both languages', async () => {
      const cn = (await get('cuisineslist')).body;
      expect(cn.code).toBe(ErrorCode.Ok);
      expect(cn.data.length).toBeGreaterThanOrEqual(8);
      expect(cn.data[0]).toEqual({
        id: 1,
        name: '粤菜',
        icon: pictureUrl('/img/cuisine/cantonese.svg'),
        store_count: 6,
      });
      expect(cn.data.every((c: { store_count: number }) => c.store_count >= 1)).toBe(true);
      const en = (await get('cuisineslist', 'en')).body;
      expect(en.data.map((c: { name: string }) => c.name)).toContain('Sichuan');
      expect(ids(en.data)).toEqual(ids(cn.data));
      const counted = await t.db.kysely.selectFrom('restaurant_cuisines').select('restaurant_id').execute();
      expect(cn.data.reduce((n: number, c: { store_count: number }) => n + c.store_count, 0)).toBe(counted.length);
    });
  });

  describe('promolist', () => {
    it('lists only promotions running now', async () => {
      const { status, body } = await get('promolist', 'en');
      expect(status).toBe(200);
      expect(ids(body.data)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(body.data[0]).toMatchObject({
        title: 'No delivery fee on your first order',
        badge: 'Free 1st delivery',
        kind: 'first_order_free_delivery',
        picture: pictureUrl('/img/promo/1.svg'),
        restaurant_id: null,
        link: { type: 'article', id: 109, url: '' },
      });
      clock.set(chinaTime(2031, 1, 25, 12));
      expect(ids((await get('promolist')).body.data)).toEqual([8]);
      clock.set(chinaTime(2025, 10, 3, 12));
      expect(ids((await get('promolist')).body.data)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    });

    it('keeps site-wide promotions and those of the given city or restaurant', async () => {
      expect(ids((await get('promolist?city_id=3')).body.data)).toEqual([1, 2]);
      expect(ids((await get('promolist?city_id=1')).body.data)).toEqual([1, 3, 4]);
      const rest = (await get('promolist?restaurant_id=1')).body.data;
      expect(ids(rest)).toEqual([1, 3]);
      expect(rest[1]).toMatchObject({
        title: '早茶点心现点现蒸',
        badge: '早茶',
        kind: 'banner',
        restaurant_id: 1,
        link: { type: 'restaurant', id: 1 },
      });
      expect((await get('promolist?restaurant_id=2')).body.data.map((p: { id: number }) => p.id)).toEqual([1]);
    });

    it('gives 404 for an unknown city or restaurant and 400 for bad ids', async () => {
      expect((await get('promolist?city_id=77', 'en')).body).toEqual({
        code: ErrorCode.NotFound,
        msg: 'City 77 was not found',
        data: null,
      });
      const r = await get('promolist?restaurant_id=77');
      expect(r.status).toBe(404);
      expect(r.body.msg).toBe('餐厅不存在（编号 77）');
      expect((await get('promolist?city_id=x', 'en')).status).toBe(400);
      expect((await get('promolist?restaurant_id=0', 'en')).body.msg).toBe('restaurant_id must be at least 1');
    });
  });

  describe('adslist', () => {
    it('lists running ads, by slot and city', async () => {
      const all = (await get('adslist', 'en')).body.data;
      expect(ids(all)).toEqual([1, 2, 3, 4, 5]);
      expect(all[0]).toMatchObject({
        slot: 'home_banner',
        title: 'Our WeChat mini program is live',
        picture: pictureUrl('/img/ad/1.svg'),
      });
      const banners = (await get('adslist?slot=home_banner&city_id=3')).body.data;
      expect(ids(banners)).toEqual([1, 2]);
      expect(banners[0].title).toBe('微信小程序上线啦');
      expect(ids((await get('adslist?slot=home_banner&city_id=1')).body.data)).toEqual([1, 2, 3]);
      expect(ids((await get('adslist?slot=list_top&city_id=4')).body.data)).toEqual([]);
      expect(ids((await get('adslist?slot=list_top')).body.data)).toEqual([5]);
    });

    it('rejects an unknown slot or city', async () => {
      const slot = await get('adslist?slot=sky', 'en');
      expect(slot.status).toBe(400);
      expect(slot.body).toMatchObject({ code: ErrorCode.Validation, msg: 'slot has an invalid value' });
      expect((await get('adslist?slot=sky')).body.msg).toBe('参数 slot 的取值无效');
      expect((await get('adslist?city_id=5', 'en')).status).toBe(404);
    });
  });

  describe('pop-ups', () => {
    const deviceA = `dev-A-${dialect}-0001`;
    const deviceB = `dev-B-${dialect}-0002`;

    it('shows each pop-up once per device, and again after it changes', async () => {
      expect(ids((await get(`popuplist?device_id=${deviceA}`, 'en')).body.data)).toEqual([1, 2]);
      const first = (await get(`popuplist?device_id=${deviceA}`)).body.data[0];
      expect(first).toMatchObject({ title: '欢迎来到 szeat', version: 1, link: { type: 'article', id: 42 } });

      const seen = await api.post('updatepopup', { popup_id: 1, device_id: deviceA });
      expect(seen.status).toBe(200);
      expect(seen.body).toEqual({ code: ErrorCode.Ok, msg: '成功', data: { popup_id: 1, version: 1 } });
      // Seeing it twice changes nothing.
      expect((await api.post('updatepopup', { popup_id: 1, device_id: deviceA })).status).toBe(200);
      expect(ids((await get(`popuplist?device_id=${deviceA}`)).body.data)).toEqual([2]);
      expect(ids((await get(`popuplist?device_id=${deviceB}`)).body.data)).toEqual([1, 2]);

      await t.db.kysely
        .updateTable('popups')
        .set({ version: 2, content_en: 'Now with more restaurants.' })
        .where('id', '=', 1)
        .execute();
      const again = (await get(`popuplist?device_id=${deviceA}`, 'en')).body.data;
      expect(ids(again)).toEqual([1, 2]);
      expect(again[0]).toMatchObject({ version: 2, content: 'Now with more restaurants.' });
      expect((await api.post('updatepopup', { popup_id: 1, device_id: deviceA })).body.data).toEqual({
        popup_id: 1,
        version: 2,
      });
      expect(ids((await get(`popuplist?device_id=${deviceA}`)).body.data)).toEqual([2]);
      await t.db.kysely.updateTable('popups').set({ version: 1, content_en: 'x' }).where('id', '=', 1).execute();
    });

    it('keys a signed-in customer by user, whatever the device', async () => {
      const user = await t.db.kysely.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
      const { token } = await createSessions(t.db.kysely, { idleDays: 30, maxDays: 90 }, clock.now).create(
        user.id,
        'h5',
      );
      expect(ids((await api.get('popuplist', { token })).body.data)).toEqual([1, 2]);
      expect((await api.post('updatepopup', { popup_id: 2 }, { token })).body.data).toEqual({
        popup_id: 2,
        version: 3,
      });
      expect(ids((await api.get('popuplist?device_id=another-device-9', { token })).body.data)).toEqual([1]);
      const row = await t.db.kysely
        .selectFrom('popup_views')
        .selectAll()
        .where('viewer', '=', `u:${user.id}`)
        .execute();
      expect(row).toHaveLength(1);
      expect(row[0]).toMatchObject({ popup_id: 2, version: 3 });
    });

    it('once per person: what a device saw before login or registration counts for the account, everywhere (issue 15)', async () => {
      const user = await t.db.kysely.selectFrom('users').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
      const { token } = await createSessions(t.db.kysely, { idleDays: 30, maxDays: 90 }, clock.now).create(
        user.id,
        'h5',
      );
      const phone = `dev-P-${dialect}-0001`;
      const laptop = `dev-L-${dialect}-0001`;
      await t.db.kysely.deleteFrom('popup_views').where('viewer', '=', `u:${user.id}`).execute();
      // Seen while logged out on the phone...
      expect(ids((await get(`popuplist?device_id=${phone}`)).body.data)).toEqual([1, 2]);
      expect((await api.post('updatepopup', { popup_id: 1, device_id: phone })).status).toBe(200);
      // ... not shown again after logging in (or registering) on it, in many requests at once ...
      const lists = await Promise.all(
        Array.from({ length: 50 }, () => api.get(`popuplist?device_id=${phone}`, { token })),
      );
      expect(lists.map((r) => r.status)).toEqual(Array(50).fill(200));
      expect(new Set(lists.map((r) => JSON.stringify(ids(r.body.data))))).toEqual(new Set([JSON.stringify([2])]));
      // ... nor on the customer's other device.
      expect(ids((await api.get(`popuplist?device_id=${laptop}`, { token })).body.data)).toEqual([2]);
      const views = await t.db.kysely
        .selectFrom('popup_views')
        .select(['popup_id', 'version'])
        .where('viewer', '=', `u:${user.id}`)
        .execute();
      expect(views).toEqual([{ popup_id: 1, version: 1 }]);

      // Seen logged in on the laptop, 50 times at once: recorded once for the account and once for the laptop.
      const seen = await Promise.all(
        Array.from({ length: 50 }, () => api.post('updatepopup', { popup_id: 2, device_id: laptop }, { token })),
      );
      expect(seen.map((r) => r.status)).toEqual(Array(50).fill(200));
      expect(ids((await get(`popuplist?device_id=${laptop}`)).body.data)).toEqual([1]);
      expect(ids((await api.get(`popuplist?device_id=${phone}`, { token })).body.data)).toEqual([]);
      const rows = await t.db.kysely
        .selectFrom('popup_views')
        .select(['popup_id', 'viewer'])
        .where('viewer', 'in', [`u:${user.id}`, `d:${laptop}`])
        .orderBy('viewer')
        .orderBy('popup_id')
        .execute();
      expect(rows).toEqual([
        { popup_id: 2, viewer: `d:${laptop}` },
        { popup_id: 1, viewer: `u:${user.id}` },
        { popup_id: 2, viewer: `u:${user.id}` },
      ]);
      // A pop-up that changed shows again to everyone who saw it before.
      await t.db.kysely.updateTable('popups').set({ version: 4 }).where('id', '=', 2).execute();
      expect(ids((await api.get(`popuplist?device_id=${phone}`, { token })).body.data)).toEqual([2]);
      await t.db.kysely.updateTable('popups').set({ version: 3 }).where('id', '=', 2).execute();
    });

    it('lists no pop-up outside its dates', async () => {
      clock.set(chinaTime(2031, 6, 1, 12));
      expect((await get('popuplist?device_id=dev-C-00000001')).body.data).toEqual([]);
    });

    it('requires a device id when not signed in, and a valid one', async () => {
      const anon = await get('popuplist', 'en');
      expect(anon.status).toBe(400);
      expect(anon.body).toEqual({
        code: ErrorCode.Validation,
        msg: 'device_id is required when not logged in',
        data: null,
      });
      expect((await get('popuplist')).body.msg).toBe('未登录时需要提供设备编号 device_id');
      expect((await get('popuplist?device_id=short', 'en')).body.msg).toBe('device_id has an invalid format');
      expect((await get(`popuplist?device_id=${'x'.repeat(65)}`, 'en')).status).toBe(400);
      expect((await get('popuplist?device_id=bad%20id%20here', 'en')).status).toBe(400);
      const post = await api.post('updatepopup', { popup_id: 1 }, { lang: 'en' });
      expect(post.status).toBe(400);
      expect(post.body.msg).toBe('device_id is required when not logged in');
    });

    it('gives 404 for an unknown pop-up and 400 for a bad body', async () => {
      const res = await api.post('updatepopup', { popup_id: 99, device_id: deviceA }, { lang: 'en' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: ErrorCode.NotFound, msg: 'Pop-up 99 was not found', data: null });
      expect((await api.post('updatepopup', { popup_id: 99, device_id: deviceA })).body.msg).toBe(
        '弹窗不存在（编号 99）',
      );
      const missing = await api.post('updatepopup', { device_id: deviceA }, { lang: 'en' });
      expect(missing.status).toBe(400);
      expect(missing.body.msg).toBe('popup_id is required');
      expect((await api.post('updatepopup', { popup_id: -1, device_id: deviceA }, { lang: 'en' })).body.msg).toBe(
        'popup_id must be at least 1',
      );
    });
  });

  describe('pictures', () => {
    it('serves the seeded pictures at /img/ as SVG', async () => {
      const res = await api.get('/img/store/1-logo.svg');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.body).toContain('<svg');
      expect((await api.get('/img/dish/nothing.svg')).status).toBe(404);
    });

    it("pop-up pictures hold no words: the dialog's title says it in the customer's language (issue 15)", async () => {
      const pictures = await t.db.kysely.selectFrom('popups').select('picture').execute();
      expect(pictures.length).toBeGreaterThan(0);
      for (const { picture } of pictures) {
        const file = fs.readFileSync(path.join(fromRoot('server/public'), picture), 'utf8');
        expect([picture, /<text\b/.test(file)]).toEqual([picture, false]);
      }
    });

    it('has a file for every picture the seed refers to, equal to what the generator makes', async () => {
      const k = t.db.kysely;
      const used = new Set<string>([
        ...(await k.selectFrom('restaurants').select(['logo', 'cover']).execute()).flatMap((r) => [r.logo, r.cover]),
        ...(await k.selectFrom('menu_items').select('picture').execute()).map((r) => r.picture),
        ...(await k.selectFrom('cuisines').select('icon').execute()).map((r) => r.icon),
        ...(await k.selectFrom('promotions').select('picture').execute()).map((r) => r.picture),
        ...(await k.selectFrom('ads').select('picture').execute()).map((r) => r.picture),
        ...(await k.selectFrom('popups').select('picture').execute()).map((r) => r.picture),
        ...(await k.selectFrom('reviews').select('photos').execute()).flatMap((r) => JSON.parse(r.photos) as string[]),
      ]);
      const generated = seedPictures();
      for (const p of used) {
        expect(generated.has(p)).toBe(true);
        const file = path.join(fromRoot('server/public'), p);
        expect(fs.existsSync(file)).toBe(true);
        expect(fs.readFileSync(file, 'utf8')).toBe(generated.get(p));
      }
    });
  });
});
