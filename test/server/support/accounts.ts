import { createHash } from 'node:crypto';
import type { Db } from '../../../server/src/db';
import type { Api } from './api';

let ipCounter = 0;
/** A client address no other test uses, so per-client limits never leak between tests. */
export const freshIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

let phoneCounter = 0;
/** A mobile number no other test uses (the seed's demo user has 13800138000). */
export const freshPhone = () => {
  phoneCounter += 1;
  return `139${String(process.pid % 1000).padStart(3, '0')}${String(phoneCounter).padStart(5, '0')}`;
};
export const freshEmail = (tag = 'user') => `${tag}.${process.pid}.${++phoneCounter}@example.com`;

export const sha256b64url = (s: string) => createHash('sha256').update(s).digest('base64url');

export interface Place {
  areaId: number;
  buildingId: number;
  /** A building of another area. */
  otherBuildingId: number;
  lat: number;
  lng: number;
}

/** Two areas with a building each: the seed's when it has them, else made here. */
export async function placeOf(db: Db): Promise<Place> {
  const k = db.kysely;
  const rows = await k.selectFrom('buildings').select(['id', 'area_id', 'lat', 'lng']).orderBy('id').execute();
  const first = rows[0];
  const other = first && rows.find((r) => r.area_id !== first.area_id);
  if (first && other) {
    return { areaId: first.area_id, buildingId: first.id, otherBuildingId: other.id, lat: first.lat, lng: first.lng };
  }
  const city = await k
    .insertInto('cities')
    .values({ code: `test-${Date.now()}`, name_cn: '测试市', name_en: 'Test City', lat: 22.5, lng: 114, sort: 99 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const area = (n: string) =>
    k
      .insertInto('areas')
      .values({ city_id: city.id, name_cn: `${n}区`, name_en: n, lat: 22.5, lng: 114, sort: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
  const [a1, a2] = [await area('One'), await area('Two')];
  const building = (areaId: number, n: string) =>
    k
      .insertInto('buildings')
      .values({
        area_id: areaId,
        name_cn: `${n}大厦`,
        name_en: `${n} Tower`,
        address_cn: '',
        address_en: '',
        lat: 22.51,
        lng: 114.01,
        sort: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const b1 = await building(a1.id, 'One');
  const b2 = await building(a2.id, 'Two');
  return { areaId: a1.id, buildingId: b1.id, otherBuildingId: b2.id, lat: 22.51, lng: 114.01 };
}

export const PASSWORD = 'correct-horse-8';

export function registration(place: Place, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Li Lei',
    phone: freshPhone(),
    email: freshEmail(),
    password: PASSWORD,
    confirm_password: PASSWORD,
    area_id: place.areaId,
    building_id: place.buildingId,
    building_no: 'B',
    room_no: '1201',
    ...overrides,
  };
}

export interface Registered {
  token: string;
  id: number;
  email: string;
  phone: string;
}

/** Registers a customer from a fresh client address and returns its session. */
export async function registerUser(
  api: Api,
  place: Place,
  overrides: Record<string, unknown> = {},
): Promise<Registered> {
  const body = registration(place, overrides);
  const res = await api.post('reg', body, { ip: freshIp() });
  if (res.body.code !== 1000) throw new Error(`registration failed: ${JSON.stringify(res.body)}`);
  return {
    token: res.body.data.access_token,
    id: res.body.data.user.id,
    email: String(body.email).toLowerCase(),
    phone: String(body.phone),
  };
}

export async function count(
  db: Db,
  table: 'users' | 'addresses' | 'sessions' | 'sms_codes' | 'wechat_identities' | 'oauth_states',
) {
  const row = await db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
