import { makeAutoObservable, reaction, runInAction } from 'mobx';
import type { BoardState, MerchantOrder, MerchantRestaurant, MoveResult, RejectBody } from '../../types/api/merchant';
import { OrderStatus } from '../../types/order-status';
import type { Alerts } from '../platform/alerts';
import type { EventStreams } from '../platform/event-stream';
import type { EventsApi, MerchantApi } from '../services';
import { liveEvents, type LiveEvent, type LiveEvents, type LiveStatus } from '../services/live-events';

export type RejectReason = RejectBody['reason'];
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** How often the board asks again while it is shown and no live stream is up (none on this platform, reconnecting). */
export const BOARD_POLL_MS = 10_000;
/** How often the new-order alert rings again while an order waits. */
export const ALERT_REPEAT_MS = 5_000;
/**
 * How long the console keeps its stream after its last screen hid: going from one console screen to another hides
 * the first before the second shows (mini program navigateTo/redirectTo), which must not restart the stream or ring
 * again. Nothing rings while no console screen is shown.
 */
export const WATCH_GRACE_MS = 3_000;

/** A restaurant of the account with orders waiting to be accepted or rejected (the alert's banner). */
export interface WaitingAt {
  restaurant: MerchantRestaurant;
  count: number;
}

export interface MerchantDeps {
  merchant: () => MerchantApi;
  /** Says an error to the staff member (a toast). */
  showError: (err: unknown) => void;
  /** Repeats fn every ms; answers a function that stops it (tests drive it by hand). */
  every?: (fn: () => void, ms: number) => () => void;
  /** The live event stream (platform.eventStreams and the events api); without them the board polls. */
  streams?: EventStreams;
  events?: () => Pick<EventsApi, 'ticket' | 'streamUrl'>;
  /** The new-order and reminder alert (platform.alerts); without it nothing rings. */
  alerts?: Alerts;
}

const defaultEvery = (fn: () => void, ms: number) => {
  const id = setInterval(fn, ms);
  return () => clearInterval(id);
};

/**
 * The restaurant console's order board and its one new-order alert (issue 18): the restaurants the account belongs to, one restaurant's orders in
 * one board state, the count of orders waiting to be accepted, and accepting (with a preparation time) or rejecting
 * (with a reason), moving along (advance) and handing a collection order over against its code (collect). The board
 * is read again after every move; a move of an order already being moved is ignored.
 *
 * The alert belongs to the console, not to the board screen: while any console screen is shown (watch/unwatch: the
 * board, sold out, busy, today, members) the store follows the live events of ALL the account's restaurants
 * (services/live-events; the stream resumes after the newest last_event_id read, so nothing between the reads and the
 * stream is lost) and keeps each restaurant's count of waiting orders (waitingBy), polling every BOARD_POLL_MS only
 * while no stream is up. The new-order alert rings at once and every ALERT_REPEAT_MS while an order of any of them
 * waits, and stops as soon as none does, whoever accepted or rejected it; a customer's reminder rings its own sound
 * once. There is one store per app (stores/merchant.ts), so one alert: screens never ring by themselves.
 *
 * While the board is followed (follow/unfollow: the board screen shown, which watches too) the chosen restaurant's
 * board is read again on each of its events.
 */
export class MerchantStore {
  restaurants: MerchantRestaurant[] = [];
  restaurantsStatus: LoadStatus = 'idle';
  restaurantsError: unknown = undefined;

  restaurantId = 0;
  state: BoardState = 'new';
  orders: MerchantOrder[] = [];
  /** Orders waiting to be accepted or rejected, per restaurant of the account (restaurant id -> count). */
  waitingBy = new Map<number, number>();
  status: LoadStatus = 'idle';
  error: unknown = undefined;
  /** Orders with a move under way (accept or reject). */
  moving = new Set<number>();
  /** The board screen is shown: the chosen restaurant's board is read again on its events. */
  following = false;
  /** A console screen is shown (or was, less than WATCH_GRACE_MS ago): live events (or polling) and the alert run. */
  watching = false;
  /** The live stream's state (idle until followed). */
  live: LiveStatus = 'idle';
  /** H5: sound is unlocked (a tap); the mini program: always. */
  soundOn = false;
  /** Orders a customer asked about while the board was open (order id -> when), shown on their cards. */
  reminders = new Map<number, number>();
  /** Times the new-order alert rang (shown nowhere; for tests and diagnostics). */
  rings = 0;

  private round = 0;
  private boardEventId = 0;
  /** Console screens shown now (watch/unwatch); nothing rings at 0. */
  private watchers = 0;
  private unwatchTimer: ReturnType<typeof setTimeout> | undefined = undefined;
  /** Per restaurant, the newest event id its waiting count includes (a read's last_event_id, or an applied event). */
  private countsAt = new Map<number, number>();
  private stopPoll: (() => void) | undefined = undefined;
  private stopRing: (() => void) | undefined = undefined;
  private stream: LiveEvents | undefined = undefined;

  constructor(private readonly deps: MerchantDeps) {
    makeAutoObservable<
      MerchantStore,
      'deps' | 'round' | 'boardEventId' | 'stopPoll' | 'stopRing' | 'stream' | 'watchers' | 'unwatchTimer' | 'countsAt'
    >(this, {
      deps: false,
      round: false,
      boardEventId: false,
      stopPoll: false,
      stopRing: false,
      stream: false,
      watchers: false,
      unwatchTimer: false,
      countsAt: false,
    });
    this.soundOn = deps.alerts?.ready() ?? false;
    // The alert follows the count of waiting orders of all the account's restaurants: rings when one more waits,
    // repeats while any does, stops at 0.
    reaction(
      () => (this.alerting ? this.waitingTotal : 0),
      (now, before) => {
        if (now > before) this.ring();
        if (now > 0 && !this.stopRing) {
          this.stopRing = (this.deps.every ?? defaultEvery)(() => this.ring(), ALERT_REPEAT_MS);
        } else if (now === 0) {
          this.stopRing?.();
          this.stopRing = undefined;
        }
      },
    );
  }

  /** Orders of the chosen restaurant waiting to be accepted or rejected (the board's count). */
  get waiting(): number {
    return this.waitingBy.get(this.restaurantId) ?? 0;
  }

  /** Orders of all the account's restaurants waiting (the alert and the title's count). */
  get waitingTotal(): number {
    let n = 0;
    for (const r of this.restaurants) n += this.waitingBy.get(r.restaurant_id) ?? 0;
    return n;
  }

  /** The alert is on: a console screen is shown and an order of one of the account's restaurants waits. */
  get alerting(): boolean {
    return this.watching && this.waitingTotal > 0;
  }

  /**
   * The restaurants whose waiting orders the shown screen does not list: on the board, the other restaurants; on the
   * other console screens, all of them (each a banner that opens its board).
   */
  get waitingElsewhere(): WaitingAt[] {
    if (!this.watching) return [];
    return this.restaurants
      .filter((r) => !(this.following && r.restaurant_id === this.restaurantId))
      .map((restaurant) => ({ restaurant, count: this.waitingBy.get(restaurant.restaurant_id) ?? 0 }))
      .filter((w) => w.count > 0);
  }

  private ring() {
    // In the grace after the last console screen hid nothing rings (the stream is kept for the next screen).
    if (this.watchers === 0) return;
    this.rings++;
    this.deps.alerts?.ring('order');
  }

  /** The board of a restaurant at its new orders (a banner's tap; the screen goes to the board). */
  showNew(restaurantId: number) {
    if (this.restaurants.some((r) => r.restaurant_id === restaurantId)) this.selectRestaurant(restaurantId);
    this.selectState('new');
  }

  /** Takes a read's waiting count unless an event newer than the read was applied already. */
  private setWaiting(restaurantId: number, waiting: number, eventId: number) {
    if (eventId < (this.countsAt.get(restaurantId) ?? 0)) return;
    this.countsAt.set(restaurantId, eventId);
    this.waitingBy.set(restaurantId, waiting);
  }

  /** H5: turns sound on (call inside a tap); rings at once when an order waits, so the staff member hears it. */
  async unlockSound(): Promise<boolean> {
    const on = (await this.deps.alerts?.unlock()) ?? false;
    runInAction(() => (this.soundOn = on));
    if (on && this.alerting) this.deps.alerts?.ring('order');
    return on;
  }

  get restaurant(): MerchantRestaurant | undefined {
    return this.restaurants.find((r) => r.restaurant_id === this.restaurantId);
  }

  /** The preparation time offered on accepting: the restaurant's default. */
  get defaultPrepMinutes(): number {
    return this.restaurant?.prep_minutes ?? 20;
  }

  /** Loads the account's restaurants and keeps the chosen one (else the first). */
  async loadRestaurants(): Promise<void> {
    this.restaurantsStatus = this.restaurants.length ? 'ready' : 'loading';
    try {
      const { list } = await this.deps.merchant().restaurants();
      runInAction(() => {
        this.restaurants = list;
        this.restaurantsStatus = 'ready';
        this.restaurantsError = undefined;
        if (!list.some((r) => r.restaurant_id === this.restaurantId)) this.restaurantId = list[0]?.restaurant_id ?? 0;
      });
    } catch (err) {
      runInAction(() => {
        this.restaurantsError = err;
        this.restaurantsStatus = 'error';
      });
    }
  }

  /** Restaurants, then the board. */
  async open(): Promise<void> {
    await this.loadRestaurants();
    if (this.restaurantId) await this.loadOrders();
  }

  selectRestaurant(id: number) {
    if (id === this.restaurantId) return;
    this.restaurantId = id;
    this.orders = [];
    this.status = 'idle';
    void this.loadOrders();
  }

  selectState(state: BoardState) {
    if (state === this.state) return;
    this.state = state;
    this.orders = [];
    this.status = 'idle';
    void this.loadOrders();
  }

  /** Reads the board of the chosen restaurant in the chosen state; an answer to an older read is dropped. */
  async loadOrders(): Promise<void> {
    if (!this.restaurantId) return;
    const round = ++this.round;
    const { restaurantId, state } = this;
    if (this.status !== 'ready') this.status = 'loading';
    try {
      const board = await this.deps.merchant().orders(restaurantId, state);
      runInAction(() => {
        if (round !== this.round) return;
        this.orders = board.list;
        this.setWaiting(restaurantId, board.waiting, board.last_event_id);
        this.boardEventId = Math.max(this.boardEventId, board.last_event_id);
        this.status = 'ready';
        this.error = undefined;
      });
    } catch (err) {
      runInAction(() => {
        if (round !== this.round) return;
        this.error = err;
        // A failed poll keeps the board shown; only a first read shows the error state.
        if (this.status !== 'ready') this.status = 'error';
      });
    }
  }

  /**
   * Reads the waiting counts of the account's restaurants (the board's own, when it is followed, comes with the board
   * read); an answer older than an event already applied is dropped.
   */
  async loadCounts(): Promise<void> {
    const others = this.restaurants.filter((r) => !(this.following && r.restaurant_id === this.restaurantId));
    await Promise.all(
      others.map(async ({ restaurant_id: rid }) => {
        try {
          const board = await this.deps.merchant().orders(rid, 'new');
          runInAction(() => {
            this.setWaiting(rid, board.waiting, board.last_event_id);
            this.boardEventId = Math.max(this.boardEventId, board.last_event_id);
          });
        } catch {
          // Kept as it was; the next poll or event reads it again.
        }
      }),
    );
  }

  /** What a poll or a (re)connection reads: the board when it is followed, and the other restaurants' counts. */
  private refresh(): Promise<unknown> {
    return Promise.all([this.following ? this.loadOrders() : undefined, this.loadCounts()]);
  }

  /** Reads the board (when followed) and the counts every BOARD_POLL_MS until stopPolling (one poller at a time). */
  startPolling() {
    this.stopPolling();
    this.stopPoll = (this.deps.every ?? defaultEvery)(() => void this.refresh(), BOARD_POLL_MS);
  }

  stopPolling() {
    this.stopPoll?.();
    this.stopPoll = undefined;
  }

  get polling(): boolean {
    return this.stopPoll !== undefined;
  }

  /**
   * A console screen is shown: the account's restaurants and their waiting counts are read, then the live events of
   * all of them are followed from the newest event id read (polling only while no stream is up) and the alert may
   * ring. Screens call it on show and unwatch() on hide; the stream ends WATCH_GRACE_MS after the last one hid.
   */
  async watch(): Promise<void> {
    this.watchers++;
    if (this.unwatchTimer !== undefined) {
      clearTimeout(this.unwatchTimer);
      this.unwatchTimer = undefined;
    }
    if (this.watching) return;
    this.watching = true;
    if (this.restaurantsStatus !== 'ready') await this.loadRestaurants();
    await this.loadCounts();
    if (!this.watching) return;
    if (!this.deps.streams || !this.deps.events) {
      if (!this.polling) this.startPolling();
      return;
    }
    this.stream ??= liveEvents({
      streams: this.deps.streams,
      events: this.deps.events,
      onEvent: (e) => this.applyEvent(e),
      onStatus: (s) => this.onLive(s),
    });
    if (this.stream.status === 'idle' || this.stream.status === 'stopped') this.stream.start(this.boardEventId);
  }

  /** A console screen hid: once none is shown for WATCH_GRACE_MS, no stream, no polling, no alert. */
  unwatch() {
    this.watchers = Math.max(0, this.watchers - 1);
    if (this.watchers > 0 || this.unwatchTimer !== undefined) return;
    this.unwatchTimer = setTimeout(() => {
      this.unwatchTimer = undefined;
      if (this.watchers === 0) this.stopWatching();
    }, WATCH_GRACE_MS);
  }

  private stopWatching() {
    runInAction(() => {
      this.watching = false;
      this.live = 'idle';
    });
    this.stream?.stop();
    this.stopPolling();
  }

  /** The board screen is shown: its board is read (and again on its restaurant's events) and the console watched. */
  async follow(): Promise<void> {
    this.following = true;
    if (this.restaurantsStatus !== 'ready') await this.loadRestaurants();
    await this.loadOrders();
    if (!this.following) return;
    await this.watch();
  }

  /** The board screen is hidden (the console's alert goes on while another console screen is shown). */
  unfollow() {
    if (!this.following) return;
    this.following = false;
    this.unwatch();
  }

  private onLive(status: LiveStatus) {
    if (!this.watching) return;
    this.live = status;
    if (status === 'live') {
      this.stopPolling();
      // What happened while (re)connecting is replayed by the stream; the reads make the board and counts whole at once.
      void this.refresh();
    } else if (status === 'unsupported' || status === 'retrying') {
      if (!this.polling) this.startPolling();
    }
  }

  /**
   * One live event of one of the account's restaurants: its waiting count moves at once (the alert with it), unless
   * a read already counted it; a reminder rings its own sound; the board is read again when it shows that restaurant.
   * (A member's stream also carries their own orders as a customer: those of other restaurants are not the console's.)
   */
  applyEvent(e: LiveEvent) {
    const rid = e.restaurant_id;
    if (!this.restaurants.some((r) => r.restaurant_id === rid)) return;
    const counted = e.id <= (this.countsAt.get(rid) ?? 0);
    if (!counted) this.countsAt.set(rid, e.id);
    const waits = e.status === OrderStatus.AwaitingMerchant;
    const now = this.waitingBy.get(rid) ?? 0;
    if ((e.type === 'order.placed' || e.type === 'order.status') && waits && e.from !== OrderStatus.AwaitingMerchant) {
      if (!counted) this.waitingBy.set(rid, now + 1);
    } else if (e.type === 'order.status' && e.from === OrderStatus.AwaitingMerchant && !waits) {
      if (!counted) this.waitingBy.set(rid, Math.max(0, now - 1));
    } else if (e.type === 'order.hurry') {
      this.reminders.set(e.order_id, e.at);
      if (this.watchers > 0) this.deps.alerts?.ring('hurry');
    }
    if (this.following && rid === this.restaurantId) void this.loadOrders();
  }

  /** Accepts an order with a preparation time in minutes (1..240; the restaurant's default when absent). */
  accept(orderId: number, prepMinutes?: number): Promise<MoveResult | undefined> {
    const minutes = prepMinutes === undefined ? undefined : Math.max(1, Math.min(240, Math.round(prepMinutes)));
    return this.move(orderId, () => this.deps.merchant().accept({ order_id: orderId, prep_minutes: minutes }));
  }

  /** Rejects an order with a reason (the customer is told, money and voucher go back). */
  reject(orderId: number, reason: RejectReason): Promise<MoveResult | undefined> {
    return this.move(orderId, () => this.deps.merchant().reject({ order_id: orderId, reason }));
  }

  /** Moves an accepted order one step along its path (preparing, ready, handed over, delivered). */
  advance(order: Pick<MerchantOrder, 'id' | 'status'>): Promise<MoveResult | undefined> {
    return this.move(order.id, () => this.deps.merchant().advance(order.id, order.status));
  }

  /** Marks a collection order ready for collection (the customer is told; the card moves to Ready). */
  markReady(orderId: number): Promise<MoveResult | undefined> {
    return this.move(orderId, () => this.deps.merchant().ready(orderId));
  }

  /** Hands a collection order over against the code the customer shows (the server checks it). */
  collect(orderId: number, code: string): Promise<MoveResult | undefined> {
    return this.move(orderId, () => this.deps.merchant().collect({ order_id: orderId, code: code.trim() }));
  }

  private async move(orderId: number, call: () => Promise<MoveResult>): Promise<MoveResult | undefined> {
    if (this.moving.has(orderId)) return undefined;
    this.moving.add(orderId);
    try {
      const result = await call();
      // Off this column at once (it moved to another state); the board is read again below.
      runInAction(() => (this.orders = this.orders.filter((o) => o.id !== orderId)));
      return result;
    } catch (err) {
      this.deps.showError(err);
      return undefined;
    } finally {
      runInAction(() => this.moving.delete(orderId));
      await this.loadOrders();
    }
  }
}
