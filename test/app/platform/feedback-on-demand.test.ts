/**
 * H5 loads Taro's toast, modal and loading (and the modal's accessibility) with the first message, not with the first
 * page (issue 10): platform.feedback works the same, the chunk arrives on first use.
 */
import type { Interaction } from '../../../src/platform/feedback';
import { feedbackWith, onDemand } from '../../../src/platform/feedback';
import type { Platform } from '../../../src/platform/types';

const calls: string[] = [];
let evaluated = 0;
const fake: Interaction = {
  showToast: (o) => calls.push(`toast ${o.title} ${o.icon}`),
  showModal: async (o) => (calls.push(`modal ${o.content} ${o.confirmText ?? ''}`), { confirm: true }),
  showLoading: (o) => calls.push(`loading ${o.title}`),
  hideLoading: () => calls.push('hide'),
  accessibleModal: () => (calls.push('dialog'), () => calls.push('dialog closed')),
};
jest.mock('../../../src/platform/h5-interaction', () => {
  evaluated++;
  return { h5Interaction: fake };
});

const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  calls.length = 0;
});

describe('H5 platform.feedback', () => {
  // The H5 platform module with all it imports (Taro's H5 runtime): seconds on a busy machine.
  let platform: Platform;
  beforeAll(async () => {
    ({ platform } = await import('../../../src/platform/index.h5'));
  }, 60_000);

  it('does not load the interaction module with the page, only with the first message', async () => {
    await settle();
    expect(evaluated).toBe(0);
    platform.feedback.toast('Saved', 'success');
    expect(calls).toEqual([]);
    await settle();
    expect(evaluated).toBe(1);
    expect(calls).toEqual(['toast Saved success']);
    // Loaded once: later messages are shown at once.
    platform.feedback.toast('Again');
    expect(calls).toEqual(['toast Saved success', 'toast Again none']);
    await expect(platform.feedback.confirm('Delete?', { confirmText: 'Delete' })).resolves.toBe(true);
    expect(calls.slice(2)).toEqual(['modal Delete? Delete', 'dialog', 'dialog closed']);
    expect(evaluated).toBe(1);
  });
});

describe('onDemand + feedbackWith', () => {
  it('keeps the order of calls made while the module loads (a spinner shown and hidden ends hidden)', async () => {
    let release: (m: Interaction) => void = () => undefined;
    const feedback = feedbackWith(onDemand(() => new Promise<Interaction>((r) => (release = r))));
    feedback.showBusy('Loading');
    feedback.toast('Hi');
    feedback.hideBusy();
    expect(calls).toEqual([]);
    release(fake);
    await settle();
    expect(calls).toEqual(['loading Loading', 'toast Hi none', 'hide']);
  });

  it('makes a confirmation asked before the module is there a real dialog, and answers it', async () => {
    const feedback = feedbackWith(onDemand(() => Promise.resolve(fake)));
    await expect(feedback.confirm('Sure?')).resolves.toBe(true);
    expect(calls).toEqual(['modal Sure? ', 'dialog', 'dialog closed']);
  });

  it('tries again after a failed load; a confirmation that cannot be shown answers no', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const load = jest.fn().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue(fake);
      const feedback = feedbackWith(onDemand(load));
      await expect(feedback.confirm('Sure?')).resolves.toBe(false);
      feedback.toast('Back online');
      await settle();
      expect(load).toHaveBeenCalledTimes(2);
      expect(calls).toEqual(['toast Back online none']);
    } finally {
      warn.mockRestore();
    }
  });
});
