import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Targets that count units of several requests (an order = addcart + submitorder): units per second. */
  unitsPerSec?: number;
  /** Units that succeeded, of those attempted. */
  unitsOk?: number;
  unitsTried?: number;
}

export interface LoadTarget {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A sequence each connection repeats instead of one request (autocannon `requests`). */
  requests?: autocannon.Request[];
  /** At most this many connections (each needs state of its own, such as its own cart). */
  maxConnections?: number;
  /** Counts a unit when the sequence's last answer succeeded (set by the target's onResponse). */
  units?: { ok: number; tried: number };
  /**
   * Puts the target back in its starting state (after the uncounted warm-up, which can stop a sequence halfway): the
   * counters to zero and whatever a half-done sequence left behind.
   */
  reset?: () => Promise<void>;
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
    connections: Math.min(connections, target.maxConnections ?? connections),
    duration: seconds,
    ...(target.requests ? { requests: target.requests } : {}),
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
    ...(target.units
      ? { unitsPerSec: target.units.ok / seconds, unitsOk: target.units.ok, unitsTried: target.units.tried }
      : {}),
  };
}

/** The szeat reads the benchmark loads (the discover screens); the writes are in write-load.ts. */
export function szeatTargets(): LoadTarget[] {
  const here = 'lat=22.528&lng=113.946';
  return [
    { name: 'menulist', path: '/api/szeat/menulist?restaurant_id=1' },
    { name: 'storeinfo', path: `/api/szeat/storeinfo?id=1&${here}` },
    { name: 'storelist', path: `/api/szeat/storelist?${here}&sort=distance&page_size=10` },
    { name: 'multiplesearch', path: '/api/szeat/multiplesearch?keyword=noodle&page_size=10' },
  ];
}
