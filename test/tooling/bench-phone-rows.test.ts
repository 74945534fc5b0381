/**
 * `npm run bench`'s phone rows (bench/phone.ts): the TBT target (<= 2x the hello world's) is judged on blocking from
 * navigation start, since the hello world's own TBT is 0 (all its script runs before its first paint); our TBT is
 * reported as a ratio to the hello world's blocking from start too, for reference only.
 */
import { phoneRows } from '../../bench/phone';
import type { PhoneMetrics } from '../../bench/lib/phone';

const metrics = (tbtMs: number, blockingMs: number): PhoneMetrics => ({
  url: 'x',
  runs: 5,
  fcpMs: 1000,
  lcpMs: 1100,
  tbtMs,
  blockingMs,
  cls: 0,
  longTasks: 3,
});

describe('bench phone rows', () => {
  it('judges TBT on blocking from start, and gives TBT as a ratio to the hello world blocking too', () => {
    const hello = metrics(0, 300);
    const rows = phoneRows(hello, [metrics(120, 900), metrics(40, 500)], ['/', '/restaurant_list']);
    const row = (what: string) => rows.find((r) => r.what === what)!;
    expect(row('phone TBT /')).toMatchObject({ ratio: null, target: '(base 0)', met: null });
    expect(row('phone TBT / vs hello blocking from start')).toMatchObject({ ratio: 0.4, met: null });
    expect(row('phone blocking from start /')).toMatchObject({ ratio: 3, target: '<= 2x', met: false });
    expect(row('phone blocking from start /restaurant_list').ratio).toBeCloseTo(5 / 3);
    expect(row('phone blocking from start /restaurant_list').met).toBe(true);
  });
});
