import { act, useState } from 'react';
import { useCountdown } from '../../../src/utils/use-countdown';
import { render } from '../support/render';

let api: { left: number; start(seconds: number): void; rerender(): void } | undefined;

function Probe() {
  const [left, start] = useCountdown();
  const [, setN] = useState(0);
  api = { left, start, rerender: () => setN((n) => n + 1) };
  return null;
}

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
  api = undefined;
});

const tick = async (ms: number) => {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
};

describe('useCountdown', () => {
  it('counts down each second to 0 and stops', async () => {
    await render(<Probe />);
    expect(api!.left).toBe(0);
    await act(async () => api!.start(3));
    expect(api!.left).toBe(3);
    await tick(1000);
    expect(api!.left).toBe(2);
    await tick(2000);
    expect(api!.left).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('survives re-renders without restarting or doubling', async () => {
    await render(<Probe />);
    await act(async () => api!.start(60));
    await tick(10_000);
    await act(async () => api!.rerender());
    await act(async () => api!.rerender());
    expect(api!.left).toBe(50);
    expect(jest.getTimerCount()).toBe(1);
    await tick(1000);
    expect(api!.left).toBe(49);
  });

  it('a new start replaces the running one', async () => {
    await render(<Probe />);
    await act(async () => api!.start(60));
    await act(async () => api!.start(5));
    expect(jest.getTimerCount()).toBe(1);
    expect(api!.left).toBe(5);
  });

  it('is cleared on unmount', async () => {
    const view = await render(<Probe />);
    await act(async () => api!.start(60));
    expect(jest.getTimerCount()).toBe(1);
    await view.unmount();
    expect(jest.getTimerCount()).toBe(0);
  });
});
