import type { AuthResult, UserInfo } from '../../../types/api/accounts';
import type { BuildingList } from '../../../types/api/places';
import { WEAPP_REFERER, type ApiServer } from './api-server';
import { useWeappHarness } from './use-harness';

/** An API answer as the server sends it. */
export interface Answer<T> {
  code: number;
  msg: string;
  data: T;
}

/**
 * Calls the real API server as the mini program does (Chinese, the mini program's Referer, so a session it makes is a
 * mini program one), as the customer `token()` names; `call` answers the envelope, `get` its data or throws.
 */
export function weappApi(api: () => ApiServer, token: () => string | undefined) {
  async function call<T>(path: string, body?: unknown, auth = token()): Promise<Answer<T>> {
    const res = await fetch(`${api().url}/api/szeat/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'Accept-Language': 'cn',
        Referer: WEAPP_REFERER,
        ...(auth ? { Authorization: `Bearer ${auth}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await res.json()) as Answer<T>;
  }

  async function get<T>(path: string, body?: unknown, auth?: string): Promise<T> {
    const res = await call<T>(path, body, auth ?? token());
    if (res.code !== 1000) throw new Error(`${path}: ${res.code} ${res.msg}`);
    return res.data;
  }

  return { call, get };
}

/** Dongmen Pedestrian Street of the seed: where the mini program test customers live. */
const DONGMEN = 10;

/** A customer signed up on the server from the mini program at Dongmen; the token and user the app starts with. */
export async function registerWeappCustomer(
  client: ReturnType<typeof weappApi>,
  who: { name: string; phone: string; email: string; buildingNo: string; roomNo: string },
): Promise<{ token: string; user: UserInfo }> {
  const dongmen = (await client.get<BuildingList>('buildinglist')).find((b) => b.id === DONGMEN)!;
  const reg = await client.call<AuthResult>(
    'reg',
    {
      name: who.name,
      phone: who.phone,
      email: who.email,
      password: 'secret-123',
      confirm_password: 'secret-123',
      area_id: dongmen.area_id,
      building_id: dongmen.id,
      building_no: who.buildingNo,
      room_no: who.roomNo,
    },
    '',
  );
  if (reg.code !== 1000) throw new Error(`reg: ${reg.code} ${reg.msg}`);
  const token = reg.data.access_token;
  return { token, user: await client.get<UserInfo>('me', undefined, token) };
}

/**
 * A mini program test file's app (useWeappHarness, the real API server) launched signed in as a customer registered
 * from the mini program in its beforeAll; `get`/`call` speak to the server as that customer.
 */
export function useWeappCustomer(who: Parameters<typeof registerWeappCustomer>[1]) {
  let signedIn: { token: string; user: UserInfo } | undefined;
  const client = weappApi(
    () => w.api,
    () => signedIn?.token,
  );
  const w = useWeappHarness({
    storage: async () => {
      signedIn = await registerWeappCustomer(client, who);
      return { token: signedIn.token, userInfo: signedIn.user };
    },
  });
  const need = () => {
    if (!signedIn) throw new Error('useWeappCustomer: the customer signs up in beforeAll');
    return signedIn;
  };
  return {
    w,
    ...client,
    get token() {
      return need().token;
    },
    get user() {
      return need().user;
    },
  };
}
