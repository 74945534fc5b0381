/**
 * The harness's view of the app's asynchronous work and of what went wrong: the timers the compiled code sets (so
 * settle() knows when the app has gone quiet), requests in flight, uncaught errors and console output.
 */

/** Timers at or below this delay keep settle() waiting; longer ones (toast durations, retries) do not. */
const SHORT_TIMER_MS = 100;
const QUIET_TURNS = 3;
const INTERVAL = -1;

const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;
const realSetInterval = globalThis.setInterval;
const realClearInterval = globalThis.clearInterval;

export function describeError(err: unknown): string {
  if (err instanceof Error) return err.stack ?? `${err.name}: ${err.message}`;
  if (typeof err === 'string') return err;
  try {
    return JSON.stringify(err);
  } catch {
    return String(err);
  }
}

const sleep = () => new Promise((resolve) => realSetTimeout(resolve, 1));

export class EventLoop {
  /** Uncaught errors: thrown by lifecycles, timers and callbacks, or reported to App onError. */
  readonly errors: string[] = [];
  readonly consoleErrors: string[] = [];
  readonly consoleWarnings: string[] = [];
  readonly logs: string[] = [];
  pendingRequests = 0;

  private readonly timers = new Map<unknown, number>();

  constructor(private readonly settleTimeoutMs: number) {}

  report(context: string, err: unknown): void {
    this.errors.push(`${context}: ${describeError(err)}`);
  }

  /** Runs a callback of the app's as the framework would: an exception goes to the error log, not up the stack. */
  guard(context: string, fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.report(context, err);
    }
  }

  /** Runs fn on a later turn, counted as pending work until it has run. */
  later(context: string, fn: () => void, delay = 0): void {
    const handle = realSetTimeout(() => {
      this.timers.delete(handle);
      this.guard(context, fn);
    }, delay);
    this.timers.set(handle, delay);
  }

  /** Waits until no request is in flight and no short timer is pending for a few event-loop turns. */
  async settle(timeoutMs = this.settleTimeoutMs): Promise<void> {
    const start = Date.now();
    let quiet = 0;
    while (quiet < QUIET_TURNS) {
      if (Date.now() - start > timeoutMs) {
        throw new Error(
          `the app did not settle in ${timeoutMs} ms: ${this.pendingRequests} request(s) in flight, ` +
            `${this.shortTimers()} short timer(s) pending`,
        );
      }
      await sleep();
      quiet = this.pendingRequests > 0 || this.shortTimers() > 0 ? 0 : quiet + 1;
    }
  }

  async waitFor(condition: () => boolean, what: string, timeoutMs = this.settleTimeoutMs): Promise<void> {
    const start = Date.now();
    while (!condition()) {
      if (Date.now() - start > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
      await sleep();
    }
  }

  /** Everything that went wrong so far. Taro warns `小程序暂不支持 <api>` for an API the fake wx lacks. */
  problems(): string[] {
    return [
      ...this.errors.map((e) => `error: ${e}`),
      ...this.consoleErrors.map((e) => `console.error: ${e}`),
      ...this.consoleWarnings.map((e) => `console.warn: ${e}`),
    ];
  }

  clearProblems(): void {
    this.errors.length = 0;
    this.consoleErrors.length = 0;
    this.consoleWarnings.length = 0;
  }

  /** Cancels every timer the app still has. */
  stop(): void {
    for (const [handle, delay] of this.timers) this.cancel(handle, delay);
    this.timers.clear();
  }

  /** setTimeout, clearTimeout, setInterval, clearInterval for the compiled code. */
  timerGlobals() {
    const start = (name: string, fn: unknown, delay: unknown, args: unknown[], repeat: boolean) => {
      if (typeof fn !== 'function') throw new TypeError(`${name}: callback is not a function`);
      const ms = Math.max(0, Number(delay) || 0);
      const run = () => this.guard(`${name} callback`, () => (fn as (...a: unknown[]) => void)(...args));
      if (repeat) {
        const handle = realSetInterval(run, ms);
        this.timers.set(handle, INTERVAL);
        return handle;
      }
      const handle = realSetTimeout(() => {
        this.timers.delete(handle);
        run();
      }, ms);
      this.timers.set(handle, ms);
      return handle;
    };
    const clear = (handle: unknown) => {
      const delay = this.timers.get(handle);
      if (delay === undefined) return;
      this.timers.delete(handle);
      this.cancel(handle, delay);
    };
    return {
      setTimeout: (fn: unknown, delay?: unknown, ...args: unknown[]) => start('setTimeout', fn, delay, args, false),
      clearTimeout: clear,
      setInterval: (fn: unknown, delay?: unknown, ...args: unknown[]) => start('setInterval', fn, delay, args, true),
      clearInterval: clear,
    };
  }

  /** A console that records instead of printing. */
  console() {
    const format = (args: unknown[]) => args.map((a) => (typeof a === 'string' ? a : describeError(a))).join(' ');
    const log = (...a: unknown[]) => void this.logs.push(format(a));
    return {
      log,
      info: log,
      debug: log,
      trace: log,
      warn: (...a: unknown[]) => void this.consoleWarnings.push(format(a)),
      error: (...a: unknown[]) => void this.consoleErrors.push(format(a)),
      assert: (cond: unknown, ...a: unknown[]) =>
        void (cond || this.consoleErrors.push(`Assertion failed: ${format(a)}`)),
      group: () => undefined,
      groupCollapsed: () => undefined,
      groupEnd: () => undefined,
      time: () => undefined,
      timeEnd: () => undefined,
    };
  }

  private shortTimers(): number {
    let n = 0;
    for (const delay of this.timers.values()) if (delay !== INTERVAL && delay <= SHORT_TIMER_MS) n++;
    return n;
  }

  private cancel(handle: unknown, delay: number): void {
    if (delay === INTERVAL) realClearInterval(handle as ReturnType<typeof setInterval>);
    else realClearTimeout(handle as ReturnType<typeof setTimeout>);
  }
}
