/** order: a new order waits; hurry: a customer asks where their order is (a sound of its own). */
export type AlertKind = 'order' | 'hurry';

/**
 * Getting a restaurant's attention (issue 18, the console): H5 plays a tone through WebAudio, which browsers allow
 * only after a tap on the page (unlock); the mini program vibrates (its screen shows a banner as well).
 */
export interface Alerts {
  /** Whether a ring is heard/felt now: H5 once sound is unlocked; the mini program always. */
  ready(): boolean;
  /** H5: call inside a tap; starts the audio context. Resolves ready(). */
  unlock(): Promise<boolean>;
  /** One ring: H5 a short tone pattern (higher and double for an order, three quick lower ones for a reminder); mini program vibrateLong / vibrateShort. */
  ring(kind: AlertKind): void;
}

type AudioContextClass = typeof AudioContext;

const TONES: Record<AlertKind, { hz: number; beeps: number; ms: number; gap: number }> = {
  order: { hz: 880, beeps: 2, ms: 180, gap: 120 },
  hurry: { hz: 587, beeps: 3, ms: 90, gap: 70 },
};

/** H5: tones made with WebAudio (no audio file to load); nothing is heard until unlock() ran inside a tap. */
export function h5Alerts(
  make: () => AudioContextClass | undefined = () => {
    if (typeof window === 'undefined') return undefined;
    const w = window as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
    return w.AudioContext ?? w.webkitAudioContext;
  },
): Alerts {
  let ctx: AudioContext | undefined;
  const running = () => ctx?.state === 'running';
  return {
    ready: running,
    async unlock() {
      const Ctx = make();
      if (!Ctx) return false;
      try {
        ctx ??= new Ctx();
        if (ctx.state !== 'running') await ctx.resume();
      } catch {
        return false;
      }
      return running();
    },
    ring(kind) {
      if (!ctx || !running()) return;
      const tone = TONES[kind];
      const start = ctx.currentTime + 0.02;
      for (let i = 0; i < tone.beeps; i++) {
        const at = start + (i * (tone.ms + tone.gap)) / 1000;
        const end = at + tone.ms / 1000;
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.type = 'square';
        osc.frequency.setValueAtTime(tone.hz, at);
        gain.gain.setValueAtTime(0.0001, at);
        gain.gain.exponentialRampToValueAtTime(0.25, at + 0.01);
        gain.gain.exponentialRampToValueAtTime(0.0001, end);
        osc.connect(gain);
        gain.connect(ctx.destination);
        osc.start(at);
        osc.stop(end + 0.02);
      }
    },
  };
}
