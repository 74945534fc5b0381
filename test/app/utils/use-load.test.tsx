import { useLoad, type LoadState } from '../../../src/utils/use-load';
import { deferred } from '../support/fake-platform';
import { actAsync, render } from '../support/render';

function Probe({
  load,
  dep,
  onState,
}: {
  load: () => Promise<string>;
  dep: number;
  onState(s: LoadState<string>, reload: () => void): void;
}) {
  const [state, reload] = useLoad(load, [dep]);
  onState(state, reload);
  return null;
}

describe('useLoad', () => {
  it('is loading, then ready with the data', async () => {
    const answer = deferred<string>();
    const states: string[] = [];
    await render(
      <Probe
        load={() => answer.promise}
        dep={1}
        onState={(s) => states.push(s.status === 'ready' ? `ready:${s.data}` : s.status)}
      />,
    );
    expect(states[states.length - 1]).toBe('loading');
    await actAsync(() => answer.resolve('hello'));
    expect(states[states.length - 1]).toBe('ready:hello');
  });

  it('is error with the error, and reload runs the load again', async () => {
    const load = jest.fn<Promise<string>, []>().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('back');
    let last!: LoadState<string>;
    let reload!: () => void;
    await render(
      <Probe
        load={load}
        dep={1}
        onState={(s, r) => {
          last = s;
          reload = r;
        }}
      />,
    );
    await actAsync(() => Promise.resolve());
    expect(last.status).toBe('error');
    expect((last.error as Error).message).toBe('down');
    await actAsync(() => reload());
    expect(load).toHaveBeenCalledTimes(2);
    expect(last).toEqual({ status: 'ready', data: 'back' });
  });

  it('drops a stale answer when the deps change meanwhile', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    let last!: LoadState<string>;
    const onState = (s: LoadState<string>) => {
      last = s;
    };
    const view = await render(<Probe load={() => first.promise} dep={1} onState={onState} />);
    await view.rerender(<Probe load={() => second.promise} dep={2} onState={onState} />);
    await actAsync(() => second.resolve('new'));
    await actAsync(() => first.resolve('old'));
    expect(last).toEqual({ status: 'ready', data: 'new' });
  });
});
