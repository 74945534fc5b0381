/** Epoch ms of a China-time (UTC+8, no daylight saving) wall clock; `month` counts from 1. */
export const chinaTime = (year: number, month: number, day: number, hour: number, minute = 0, ms = 0) =>
  Date.UTC(year, month - 1, day, hour - 8, minute) + ms;

/** Where every test clock starts: Thursday 1 October 2026, 12:00 China time (the seed's restaurants are open). */
export const TEST_START = chinaTime(2026, 10, 1, 12);

export interface TestClock {
  /** The app's clock (epoch ms): hand it to the app and to anything built beside it. */
  now(): number;
  /** Passes time without sleeping. */
  advance(ms: number): void;
  /** Sets the time (for instance `clock.set(chinaTime(2026, 10, 1, 20))`). */
  set(ms: number): void;
}

/** A clock a test moves instead of sleeping. */
export function testClock(start = TEST_START): TestClock {
  let t = start;
  return {
    now: () => t,
    advance(ms) {
      t += ms;
    },
    set(ms) {
      t = ms;
    },
  };
}
