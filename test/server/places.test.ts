import { ErrorCode } from '../../types/errors';
import { createPlacesRepository } from '../../server/src/modules/places/repository';
import { createPlacesService } from '../../server/src/modules/places/service';
import { fixedIpGeo, isPrivateIp } from '../../server/src/integrations/geo';
import { distanceM } from '../../server/src/modules/places/distance';
import { BUILDINGS } from '../../server/src/seed/places';
import { DIALECTS, useTestApp } from './support/app';

describe.each(DIALECTS)('places API on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api } = t;

  const get = (url: string, lang?: string, ip?: string) => api.get(url, { lang, ip });

  describe('arealist', () => {
    it('lists the four cities in order, each with its areas, in Chinese by default', async () => {
      const { status, body } = await get('arealist');
      expect(status).toBe(200);
      expect(body.code).toBe(ErrorCode.Ok);
      expect(body.data.map((c: { code: string }) => c.code)).toEqual(['shenzhen', 'huizhou', 'guangzhou', 'dongguan']);
      expect(body.data[0]).toMatchObject({ id: 1, name: '深圳', lat: expect.any(Number), lng: expect.any(Number) });
      expect(body.data[0].areas.map((a: { name: string }) => a.name)).toEqual(['南山区', '福田区', '罗湖区', '宝安区']);
      for (const city of body.data) {
        expect(city.areas.length).toBeGreaterThanOrEqual(3);
        for (const area of city.areas) expect(area.city_id).toBe(city.id);
      }
    });

    it('answers in English and filters by city', async () => {
      const { body } = await get('arealist?city_id=2', 'en');
      expect(body.data).toHaveLength(1);
      expect(body.data[0]).toMatchObject({ code: 'huizhou', name: 'Huizhou (Silver Beach)' });
      expect(body.data[0].areas.map((a: { name: string }) => a.name)).toEqual(['Silver Beach', 'Huidong', 'Huicheng']);
    });

    it('gives 404 for an unknown city and 400 for a bad id', async () => {
      const cn = await get('arealist?city_id=99');
      expect(cn.status).toBe(404);
      expect(cn.body).toEqual({ code: ErrorCode.NotFound, msg: '城市不存在（编号 99）', data: null });
      expect((await get('arealist?city_id=99', 'en')).body.msg).toBe('City 99 was not found');
      const bad = await get('arealist?city_id=abc', 'en');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: ErrorCode.Validation, msg: 'city_id must be a whole number' });
      expect((await get('arealist?city_id=0', 'en')).body.msg).toBe('city_id must be at least 1');
    });
  });

  describe('buildinglist', () => {
    it("lists an area's buildings with GCJ-02 coordinates, in both languages", async () => {
      const cn = await get('buildinglist?area_id=1');
      expect(cn.status).toBe(200);
      expect(cn.body.data.map((b: { id: number }) => b.id)).toEqual([1, 2, 3, 4]);
      expect(cn.body.data[1]).toMatchObject({
        area_id: 1,
        city_id: 1,
        name: '科兴科学园',
        address: '南山区科苑路15号',
      });
      const en = await get('buildinglist?area_id=1', 'en');
      expect(en.body.data[1]).toMatchObject({
        name: 'Kexing Science Park',
        address: '15 Keyuan Road, Nanshan',
        lat: 22.5485,
        lng: 113.944,
      });
    });

    it('filters by city and by keyword in either language, case-insensitively', async () => {
      const city = await get('buildinglist?city_id=4');
      expect(city.body.data.map((b: { id: number }) => b.id)).toEqual([29, 30, 31, 32, 33, 34, 35]);
      expect(
        (await get(`buildinglist?keyword=${encodeURIComponent('科兴')}`)).body.data.map((b: { id: number }) => b.id),
      ).toEqual([2]);
      expect((await get('buildinglist?keyword=KEXING')).body.data.map((b: { id: number }) => b.id)).toEqual([2]);
      // Addresses match too.
      expect((await get('buildinglist?keyword=hongfu')).body.data.map((b: { id: number }) => b.id)).toEqual([32, 33]);
      const both = await get(`buildinglist?city_id=1&keyword=${encodeURIComponent('广场')}`);
      expect(both.body.data.map((b: { id: number }) => b.id)).toEqual([7, 13]);
      // LIKE wildcards are taken literally.
      expect((await get('buildinglist?keyword=%25')).body.data).toEqual([]);
      expect((await get('buildinglist?keyword=_')).body.data).toEqual([]);
    });

    it('gives 404 for unknown areas or cities and 400 for bad input', async () => {
      const area = await get('buildinglist?area_id=999', 'en');
      expect(area.status).toBe(404);
      expect(area.body.msg).toBe('Area 999 was not found');
      expect((await get('buildinglist?area_id=999')).body.msg).toBe('区域不存在（编号 999）');
      expect((await get('buildinglist?city_id=9', 'en')).body.msg).toBe('City 9 was not found');
      const long = await get(`buildinglist?keyword=${'a'.repeat(51)}`, 'en');
      expect(long.status).toBe(400);
      expect(long.body.msg).toBe('keyword must be at most 50 characters');
      expect((await get('buildinglist?area_id=-1', 'en')).body.msg).toBe('area_id must be at least 1');
    });
  });

  describe('closestaddr', () => {
    it('finds the nearest building with its area, city and distance', async () => {
      const { status, body } = await get('closestaddr?lat=22.5295&lng=113.9465', 'en');
      expect(status).toBe(200);
      expect(body.data.building).toMatchObject({ id: 1, name: 'Shenzhen Bay Eco-Technology Park' });
      expect(body.data.area).toMatchObject({ id: 1, name: 'Nanshan' });
      expect(body.data.city).toMatchObject({ id: 1, code: 'shenzhen', name: 'Shenzhen' });
      expect(body.data.distance_m).toBe(Math.round(distanceM(22.5295, 113.9465, 22.528, 113.946)));
      expect(body.data.distance_m).toBeGreaterThan(100);
      expect(body.data.distance_m).toBeLessThan(250);
    });

    it('answers 0 m on a building and in Chinese by default', async () => {
      const b = BUILDINGS.find((x) => x.id === 26)!;
      const { body } = await get(`closestaddr?lat=${b.lat}&lng=${b.lng}`);
      expect(body.data).toMatchObject({ building: { id: 26, name: '广州塔' }, city: { name: '广州' }, distance_m: 0 });
    });

    it('still answers the nearest known address far from every city', async () => {
      const { body } = await get('closestaddr?lat=39.9042&lng=116.4074', 'en');
      expect(body.code).toBe(ErrorCode.Ok);
      expect(body.data.distance_m).toBeGreaterThan(1_000_000);
      expect(body.data.city.code).toBe('huizhou');
    });

    it.each([
      ['lat=91&lng=114', 'lat must be at most 90', '参数 lat 不能大于 90'],
      ['lat=-90.5&lng=114', 'lat must be at least -90', '参数 lat 不能小于 -90'],
      ['lat=22&lng=181', 'lng must be at most 180', '参数 lng 不能大于 180'],
      ['lat=22&lng=-181', 'lng must be at least -180', '参数 lng 不能小于 -180'],
      ['lat=22', 'lng is required', '缺少参数 lng'],
      ['lng=114', 'lat is required', '缺少参数 lat'],
      ['lat=north&lng=114', 'lat must be a number', '参数 lat 的类型不正确，应为数字'],
    ])('rejects %s', async (query, en, cn) => {
      const res = await get(`closestaddr?${query}`, 'en');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: ErrorCode.Validation, msg: en });
      expect((await get(`closestaddr?${query}`)).body.msg).toBe(cn);
    });
  });

  describe('iplocation', () => {
    it('gives the default city, flagged, to loopback and private addresses', async () => {
      for (const ip of ['127.0.0.1', '192.168.1.20', '10.1.2.3', '::1']) {
        const { status, body } = await get('iplocation', 'en', ip);
        expect(status).toBe(200);
        expect(body.data).toMatchObject({
          ip,
          is_default: true,
          reason: 'private',
          region: '',
          city: { code: 'shenzhen', name: 'Shenzhen' },
        });
      }
      expect((await get('iplocation')).body.data.city.name).toBe('深圳');
    });

    it('locates a public address of one of our cities with the offline database', async () => {
      // 113.108.0.0/16 is China Telecom Guangdong; the packaged ip2region database places it in Shenzhen.
      const { body } = await get('iplocation', 'en', '113.108.0.1');
      expect(body.data.ip).toBe('113.108.0.1');
      expect(body.data.region).toContain('广东');
      expect(body.data.is_default).toBe(false);
      expect(body.data.reason).toBe('located');
      expect(['shenzhen', 'huizhou', 'guangzhou', 'dongguan']).toContain(body.data.city.code);
    });

    it('falls back to the default city outside our cities', async () => {
      const { body } = await get('iplocation', 'cn', '8.8.8.8');
      expect(body.data).toMatchObject({
        is_default: true,
        reason: 'unserved',
        city: { code: 'shenzhen', name: '深圳' },
      });
      expect(body.data.region).not.toBe('');
    });

    it('maps the database answer to our cities (fixed table)', async () => {
      const geo = fixedIpGeo({
        '1.1.1.1': { country: '中国', province: '广东省', city: '东莞市' },
        '2.2.2.2': { country: '中国', province: '广东省', city: '惠州市' },
        '3.3.3.3': { country: 'China', province: 'Guangdong', city: 'Guangzhou' },
        '4.4.4.4': { country: '中国', province: '广东省', city: '佛山市' },
      });
      const service = createPlacesService(createPlacesRepository(t.db.kysely), geo);
      expect((await service.ipLocation('1.1.1.1', 'en')).city.code).toBe('dongguan');
      expect((await service.ipLocation('::ffff:1.1.1.1', 'en')).city.code).toBe('dongguan');
      expect(await service.ipLocation('2.2.2.2', 'cn')).toMatchObject({
        city: { code: 'huizhou', name: '惠州（银滩）' },
        is_default: false,
      });
      expect((await service.ipLocation('3.3.3.3', 'en')).city.code).toBe('guangzhou');
      expect(await service.ipLocation('4.4.4.4', 'en')).toMatchObject({
        reason: 'unserved',
        is_default: true,
        city: { code: 'shenzhen' },
      });
      expect(await service.ipLocation('5.5.5.5', 'en')).toMatchObject({
        reason: 'unknown',
        is_default: true,
        region: '',
      });
      expect(await service.ipLocation('', 'en')).toMatchObject({ reason: 'private', is_default: true });
    });
  });
});

describe('isPrivateIp', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.0.0.8', true],
    ['172.16.5.4', true],
    ['172.32.0.1', false],
    ['192.168.0.1', true],
    ['100.64.1.1', true],
    ['169.254.10.10', true],
    ['::1', true],
    ['::ffff:192.168.1.1', true],
    ['fd12:3456::1', true],
    ['fe80::1', true],
    ['113.108.0.1', false],
    ['240e:47d:c20::1', false],
    ['not-an-ip', false],
  ])('%s -> %s', (ip, expected) => {
    expect(isPrivateIp(ip)).toBe(expected);
  });
});
