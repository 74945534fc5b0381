import { act } from '@testing-library/react';
import { autorun, makeAutoObservable, observable, observer, reaction, runInAction } from '../../../src/utils/reactive';
import { render } from '../support/render';

class Counter {
  count = 0;
  other = 'a';
  computedRuns = 0;
  private secret = 1;

  constructor() {
    makeAutoObservable<Counter, 'secret'>(this, { computedRuns: false, secret: false });
  }

  get double() {
    this.computedRuns++;
    return this.count * 2;
  }

  inc() {
    this.count++;
    this.count++;
  }

  async incLater(wait: Promise<void>) {
    this.count++;
    await wait;
    this.count++;
  }

  get hidden() {
    return this.secret;
  }

  reveal(v: number) {
    this.secret = v;
  }
}

describe('reactive (the state library)', () => {
  it('fields are observable, methods batch their changes, autorun follows', () => {
    const c = new Counter();
    const seen: number[] = [];
    const stop = autorun(() => seen.push(c.count));
    c.inc();
    runInAction(() => {
      c.count = 10;
      c.count = 11;
    });
    c.other = 'b';
    expect(seen).toEqual([0, 2, 11]);
    stop();
    c.count = 20;
    expect(seen).toEqual([0, 2, 11]);
  });

  it('changes after an await in a method reach observers', async () => {
    const c = new Counter();
    const seen: number[] = [];
    autorun(() => seen.push(c.count));
    let go!: () => void;
    const wait = new Promise<void>((resolve) => (go = resolve));
    const done = c.incLater(wait);
    go();
    await done;
    expect(seen).toEqual([0, 1, 2]);
  });

  it('getters are computed: cached while observed, recomputed when what they read changes', () => {
    const c = new Counter();
    const seen: number[] = [];
    const stop = autorun(() => {
      seen.push(c.double);
      seen.push(c.double);
    });
    expect(c.computedRuns).toBe(1);
    c.other = 'x';
    expect(c.computedRuns).toBe(1);
    c.count = 3;
    expect(seen).toEqual([0, 0, 6, 6]);
    expect(c.computedRuns).toBe(2);
    stop();
    // Unobserved: computed on each read, and always current.
    c.count = 4;
    expect(c.double).toBe(8);
  });

  it('members named in the overrides are left alone (not observable, like MobX)', () => {
    const c = new Counter();
    const seen: number[] = [];
    const stop = autorun(() => seen.push(c.hidden));
    c.reveal(2);
    expect(seen).toEqual([1]);
    stop();
    expect(c.hidden).toBe(2);
  });

  it('reaction runs its effect only when the value of its expression changes', () => {
    const c = new Counter();
    const box = observable.box('cn');
    const effects: string[] = [];
    const stop = reaction(
      () => `${box.get()}:${c.count > 1}`,
      (value, previous) => effects.push(`${previous} -> ${value}`),
    );
    c.count = 1;
    box.set('cn');
    expect(effects).toEqual([]);
    c.count = 2;
    box.set('en');
    expect(effects).toEqual(['cn:false -> cn:true', 'cn:true -> en:true']);
    stop();
    box.set('cn');
    expect(effects).toHaveLength(2);
  });

  it('observer components re-render on what they read, once per batch, and stop listening when unmounted', async () => {
    const c = new Counter();
    let renders = 0;
    const View = observer(function View({ label }: { label: string }) {
      renders++;
      return (
        <span>
          {label} {c.double}
        </span>
      );
    });
    const rendered = await render(<View label='n' />);
    expect(rendered.container.textContent).toBe('n 0');
    expect(renders).toBe(1);
    await act(async () => c.inc());
    expect(rendered.container.textContent).toBe('n 4');
    expect(renders).toBe(2);
    await act(async () => {
      c.other = 'unrelated';
    });
    expect(renders).toBe(2);
    await rendered.rerender(<View label='m' />);
    expect(rendered.container.textContent).toBe('m 4');
    await rendered.unmount();
    const after = renders;
    await act(async () => {
      c.count = 7;
    });
    expect(renders).toBe(after);
  });
});
