import { attemptDone, attemptKey, canonical } from '../../../src/utils/attempt-key';
import { memoryStorage } from '../support/fake-platform';

describe('one idempotency key per checkout attempt', () => {
  it('the same request keeps its key (even in another key order); a changed one gets a new key', () => {
    const store = memoryStorage();
    const a = attemptKey(store, 'checkout_attempt_9', { restaurant_id: 9, mode: 'delivery', cutlery: false });
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(attemptKey(store, 'checkout_attempt_9', { cutlery: false, mode: 'delivery', restaurant_id: 9 })).toBe(a);
    const b = attemptKey(store, 'checkout_attempt_9', { restaurant_id: 9, mode: 'delivery', cutlery: true });
    expect(b).not.toBe(a);
    attemptDone(store, 'checkout_attempt_9');
    expect(attemptKey(store, 'checkout_attempt_9', { restaurant_id: 9, mode: 'delivery', cutlery: true })).not.toBe(b);
  });

  it('canonical text: sorted keys, undefined dropped', () => {
    expect(canonical({ b: 1, a: [1, { d: undefined, c: 'x' }] })).toBe('{"a":[1,{"c":"x"}],"b":1}');
  });
});
