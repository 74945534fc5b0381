/**
 * Home in the compiled mini program (dist/weapp), against the real seeded server: the seeded pop-ups show one after
 * the other, closing each records it as seen for this device (updatepopup), and the "new restaurants" row shows the
 * server's newest restaurants.
 */
import type { Popup } from '../../types/api/catalogue';
import type { PagedData } from '../../types/api/common';
import type { StoreSummary } from '../../types/api/stores';
import cn from '../../src/i18n/cn.json';
import { dataTexts } from './harness';
import { useWeappHarness } from './support/use-harness';

const w = useWeappHarness();

async function get<T>(path: string): Promise<T> {
  const res = await fetch(`${w.api.url}/api/szeat/${path}`, { headers: { 'Accept-Language': 'cn' } });
  const body = (await res.json()) as { code: number; data: T };
  if (body.code !== 1000) throw new Error(`${path}: ${body.code}`);
  return body.data;
}

test('the seeded pop-ups show once on this device; a new restaurants row', async () => {
  const home = await w.h.openPage('screens/main/home/index');
  await w.h.settle();
  const listed = w.h.requests.filter((r) => r.endpoint === 'popuplist');
  expect(listed.length).toBeGreaterThan(0);
  const deviceId = listed[0]!.query.device_id!;
  expect(deviceId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  const seeded = await get<Popup[]>(`popuplist?device_id=fresh-device-${Date.now()}`);
  expect(seeded.length).toBeGreaterThan(0);

  // At most one per visit (issue 15): the first, and after it is closed no other until the next start.
  const title = home.byClass('home-popup__title').map((n) => dataTexts(n).join(''));
  expect(title).toEqual([seeded[0]!.title]);
  const close = home.byClass('home-popup__close')[0]!;
  expect(dataTexts(close).join('')).toBe(cn.home.popup_close);
  await home.tap(close);
  await w.h.settle();
  expect(home.byClass('home-popup')).toEqual([]);
  // Recorded for this device: the server keeps the others for the next visit.
  expect((await get<Popup[]>(`popuplist?device_id=${deviceId}`)).map((p) => p.id)).toEqual(
    seeded.slice(1).map((p) => p.id),
  );

  const newest = await get<PagedData<StoreSummary>>('newstores?page=1&page_size=8');
  expect(home.texts()).toEqual(expect.arrayContaining([cn.home.new_stores, ...newest.list.map((s) => s.name)]));
});
