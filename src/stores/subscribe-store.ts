import type { SubscribeMessages } from '../platform/subscribe';
import type { NotifyApi } from '../services';

export interface SubscribeDeps {
  notify: () => NotifyApi;
  subscribe: SubscribeMessages;
  isLoggedIn: () => boolean;
}

/** The order of the question: accepted, ready, delivered (WeChat lists them as given). */
const KINDS = ['accepted', 'ready', 'delivered'] as const;

/**
 * Subscribe messages in the mini program (issue 18): the template ids are read ahead (`prepare`, when the
 * settlement or an unpaid order's page shows), because WeChat shows its question only when it is asked inside the tap,
 * before anything is awaited; `askInTap` asks at once and, when the customer answered, reports it to the server
 * (each template allowed: one message may be sent). Nothing on H5, nothing when the server names no template;
 * a failure changes nothing for the order (it is never awaited by placing or paying).
 */
export class SubscribeStore {
  private ids: string[] | null = null;
  private loading: Promise<void> | null = null;

  constructor(private readonly deps: SubscribeDeps) {}

  /** Reads the template ids once (mini program only). */
  prepare(): Promise<void> {
    if (!this.deps.subscribe.supported || this.ids) return Promise.resolve();
    this.loading ??= this.deps
      .notify()
      .templates()
      .then(
        (t) => {
          this.ids = KINDS.map((k) => t[k]).filter((id): id is string => !!id);
        },
        () => {
          // Asked again next time.
          this.loading = null;
        },
      );
    return this.loading;
  }

  /**
   * Call first thing in a place-order or pay tap handler (synchronously: no await before it). Answers when the
   * answer was reported (tests wait for it; screens do not).
   */
  askInTap(): Promise<void> {
    const ids = this.ids;
    if (!this.deps.subscribe.supported || !ids || ids.length === 0 || !this.deps.isLoggedIn()) {
      return Promise.resolve();
    }
    const asked = this.deps.subscribe.request(ids);
    return asked
      .then(async (answers) => {
        if (Object.values(answers).includes('accept')) await this.deps.notify().grant(answers);
      })
      .catch((err: unknown) => console.warn('subscribe messages: not recorded', err));
  }
}
