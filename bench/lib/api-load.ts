import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface LoadTarget {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** autocannon against one origin on 127.0.0.1: `connections` keep-alive connections for `seconds` each. */
export async function load(
  origin: string,
  target: LoadTarget,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const result = await autocannon({
    url: `${origin}${target.path}`,
    method: target.method ?? 'GET',
    connections,
    duration: seconds,
    headers: {
      'accept-language': 'en',
      ...(target.body ? { 'content-type': 'application/json' } : {}),
      ...target.headers,
    },
    body: target.body,
  });
  return {
    name: target.name,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** The szeat calls the benchmark loads: reads of the discover screens and one authenticated write. */
export async function szeatTargets(origin: string): Promise<LoadTarget[]> {
  const here = 'lat=22.528&lng=113.946';
  const login = await fetch(`${origin}/api/szeat/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@szeat.cn', password: 'szeat-demo-8', code: '' }),
  }).then((r) => r.json() as Promise<{ data: { access_token: string } }>);
  const auth = { authorization: `Bearer ${login.data.access_token}` };
  const addresses = await fetch(`${origin}/api/szeat/addrlist`, { headers: auth }).then(
    (r) => r.json() as Promise<{ data: { list: Array<Record<string, unknown>> } }>,
  );
  const a = addresses.data.list[0]!;
  const save = {
    id: a.id,
    name: a.name,
    phone: a.phone,
    area_id: a.area_id,
    building_id: a.building_id,
    building_no: a.building_no,
    room_no: a.room_no,
  };
  return [
    { name: 'menulist', path: '/api/szeat/menulist?restaurant_id=1' },
    { name: 'storeinfo', path: `/api/szeat/storeinfo?id=1&${here}` },
    { name: 'storelist', path: `/api/szeat/storelist?${here}&sort=distance&page_size=10` },
    { name: 'multiplesearch', path: '/api/szeat/multiplesearch?keyword=noodle&page_size=10' },
    {
      name: 'saveaddr (write)',
      path: '/api/szeat/saveaddr',
      method: 'POST',
      headers: auth,
      body: JSON.stringify(save),
    },
  ];
}
