/**
 * The console's alert through the platform adapter (issue 18): H5 WebAudio tones, heard only once a tap unlocked the
 * audio context (browsers' autoplay rule); mini program vibration.
 */
import { fakeTaro, resetFakeTaro } from '../support/fake-taro';
import { h5Alerts } from '../../../src/platform/alerts';
import { weappAlerts } from '../../../src/platform/alerts-weapp';
import { platform as weapp } from '../../../src/platform/index.weapp';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/fake-taro').fakeTaroModule);

beforeEach(() => {
  resetFakeTaro();
});

function fakeAudio(resumes = true) {
  const made: FakeContext[] = [];
  const param = () => ({ setValueAtTime: jest.fn(), exponentialRampToValueAtTime: jest.fn() });
  class FakeContext {
    state: 'suspended' | 'running' = 'suspended';
    currentTime = 0;
    destination = {};
    oscillators: Array<{ frequency: ReturnType<typeof param>; start: jest.Mock; stop: jest.Mock }> = [];
    constructor() {
      made.push(this);
    }
    async resume() {
      if (resumes) this.state = 'running';
    }
    createOscillator() {
      const o = { type: '', frequency: param(), connect: jest.fn(), start: jest.fn(), stop: jest.fn() };
      this.oscillators.push(o);
      return o;
    }
    createGain() {
      return { gain: param(), connect: jest.fn() };
    }
  }
  return { Ctx: FakeContext as unknown as typeof AudioContext, made };
}

describe('alerts', () => {
  it('H5: silent until unlocked inside a tap; then an order rings two high beeps, a reminder three lower ones', async () => {
    const { Ctx, made } = fakeAudio();
    const alerts = h5Alerts(() => Ctx);
    expect(alerts.ready()).toBe(false);
    alerts.ring('order');
    expect(made).toHaveLength(0);
    expect(await alerts.unlock()).toBe(true);
    expect(alerts.ready()).toBe(true);
    alerts.ring('order');
    const ctx = made[0]!;
    expect(ctx.oscillators).toHaveLength(2);
    expect(ctx.oscillators[0]!.frequency.setValueAtTime).toHaveBeenCalledWith(880, expect.any(Number));
    alerts.ring('hurry');
    expect(ctx.oscillators).toHaveLength(5);
    expect(ctx.oscillators[4]!.frequency.setValueAtTime).toHaveBeenCalledWith(587, expect.any(Number));
    expect(made).toHaveLength(1);
  });

  it('H5: a browser that keeps audio suspended, or has none, stays silent and says so', async () => {
    const { Ctx } = fakeAudio(false);
    const alerts = h5Alerts(() => Ctx);
    expect(await alerts.unlock()).toBe(false);
    expect(alerts.ready()).toBe(false);
    expect(await h5Alerts(() => undefined).unlock()).toBe(false);
  });

  it('mini program: vibrates long for an order, short twice for a reminder; always ready', async () => {
    jest.useFakeTimers();
    try {
      expect(weapp.alerts).toBe(weappAlerts);
      expect(weappAlerts.ready()).toBe(true);
      weappAlerts.ring('order');
      expect(fakeTaro.vibrateLong).toHaveBeenCalledTimes(1);
      weappAlerts.ring('hurry');
      jest.advanceTimersByTime(300);
      expect(fakeTaro.vibrateShort).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
