import { distanceMetres, gcj02ToWgs84, outOfChina, wgs84ToGcj02 } from '../../../src/platform/coords';

describe('WGS-84 <-> GCJ-02', () => {
  it('matches the published GCJ-02 transform (reference vector of the eviltransform library)', () => {
    const gcj = wgs84ToGcj02({ lat: 31.1774276, lng: 121.5272106 });
    expect(gcj.lat).toBeCloseTo(31.17530398364597, 10);
    expect(gcj.lng).toBeCloseTo(121.531541859215, 10);
  });

  it('shifts a Shenzhen position by a few hundred metres, as the Chinese offset does', () => {
    const wgs = { lat: 22.5431, lng: 114.0579 };
    const gcj = wgs84ToGcj02(wgs);
    const shift = distanceMetres(wgs, gcj);
    expect(shift).toBeGreaterThan(200);
    expect(shift).toBeLessThan(800);
    // In Shenzhen the GCJ-02 point lies south-east of the WGS-84 one.
    expect(gcj.lat).toBeLessThan(wgs.lat);
    expect(gcj.lng).toBeGreaterThan(wgs.lng);
  });

  it('inverts to well under a centimetre across the four cities', () => {
    for (const p of [
      { lat: 22.5431, lng: 114.0579 },
      { lat: 22.7135, lng: 114.8835 },
      { lat: 23.1291, lng: 113.2644 },
      { lat: 23.0205, lng: 113.7518 },
    ]) {
      const back = gcj02ToWgs84(wgs84ToGcj02(p));
      expect(distanceMetres(back, p)).toBeLessThan(0.01);
      const there = wgs84ToGcj02(gcj02ToWgs84(p));
      expect(distanceMetres(there, p)).toBeLessThan(0.01);
    }
  });

  it('leaves positions outside China as they are', () => {
    const london = { lat: 51.5072, lng: -0.1276 };
    expect(outOfChina(london)).toBe(true);
    expect(wgs84ToGcj02(london)).toEqual(london);
    expect(gcj02ToWgs84(london)).toEqual(london);
    expect(outOfChina({ lat: 22.5, lng: 114 })).toBe(false);
  });

  it('measures distances in metres', () => {
    // One degree of latitude is about 111.2 km.
    expect(distanceMetres({ lat: 22, lng: 114 }, { lat: 23, lng: 114 })).toBeCloseTo(111_195, -2);
    expect(distanceMetres({ lat: 22, lng: 114 }, { lat: 22, lng: 114 })).toBe(0);
  });
});
