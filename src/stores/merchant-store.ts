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
 * The restaurant console's order board (issue 18): the restaurants the account belongs to, one restaurant's orders in
 * one board state, the count of orders waiting to be accepted, and accepting (with a preparation time) or rejecting
 * (with a reason), moving along (advance) and handing a collection order over against its code (collect). The board
 * is read again after every move; a move of an order already being moved is ignored.
 *
 * While the board is followed (follow/unfollow: the screen shown), it applies the live events of the restaurant
 * (services/live-events; the stream resumes after the board's last_event_id, so nothing between the read and the
 * stream is lost) and reads the board again on each; it polls every BOARD_POLL_MS only while no stream is up. The
 * new-order alert rings at once and every ALERT_REPEAT_MS while an order of the restaurant waits (waiting > 0), and
 * stops as soon as none does, whoever accepted or rejected it; a customer's reminder rings its own sound once.
 */
export class MerchantStore {
  restaurants: MerchantRestaurant[] = [];
  restaurantsStatus: LoadStatus = 'idle';
  restaurantsError: unknown = undefined;

  restaurantId = 0;
  state: BoardState = 'new';
  orders: MerchantOrder[] = [];
  waiting = 0;
  status: LoadStatus = 'idle';
  error: unknown = undefined;
  /** Orders with a move under way (accept or reject). */
  moving = new Set<number>();
  /** The screen is shown: live events (or polling) and the alert run. */
  following = false;
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
  private stopPoll: (() => void) | undefined = undefined;
  private stopRing: (() => void) | undefined = undefined;
  private stream: LiveEvents | undefined = undefined;

  constructor(private readonly deps: MerchantDeps) {
    makeAutoObservable<MerchantStore, 'deps' | 'round' | 'boardEventId' | 'stopPoll' | 'stopRing' | 'stream'>(this, {
      deps: false,
      round: false,
      boardEventId: false,
      stopPoll: false,
      stopRing: false,
      stream: false,
    });
    this.soundOn = deps.alerts?.ready() ?? false;
    // The alert follows the count of waiting orders: rings when one more waits, repeats while any does, stops at 0.
    reaction(
      () => (this.alerting ? this.waiting : 0),
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

  /** The alert is on: the board is followed and an order of the restaurant waits to be accepted or rejected. */
  get alerting(): boolean {
    return this.following && this.waiting > 0;
  }

  private ring() {
    this.rings++;
    this.deps.alerts?.ring('order');
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
        this.waiting = board.waiting;
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

  /** Reads the board every BOARD_POLL_MS until stopPolling (one poller at a time). */
  startPolling() {
    this.stopPolling();
    this.stopPoll = (this.deps.every ?? defaultEvery)(() => void this.loadOrders(), BOARD_POLL_MS);
  }

  stopPolling() {
    this.stopPoll?.();
    this.stopPoll = undefined;
  }

  get polling(): boolean {
    return this.stopPoll !== undefined;
  }

  /**
   * The screen is shown: reads the board, then follows the live events from the board's last event id (polling only
   * while no stream is up) and lets the alert ring.
   */
  async follow(): Promise<void> {
    this.following = true;
    if (!this.restaurants.length) await this.open();
    else await this.loadOrders();
    if (!this.following) return;
    if (!this.deps.streams || !this.deps.events) {
      this.startPolling();
      return;
    }
    this.stream ??= liveEvents({
      streams: this.deps.streams,
      events: this.deps.events,
      onEvent: (e) => this.applyEvent(e),
      onStatus: (s) => this.onLive(s),
    });
    this.stream.start(this.boardEventId);
  }

  /** The screen is hidden: no stream, no polling, no alert. */
  unfollow() {
    this.following = false;
    this.stream?.stop();
    this.stopPolling();
    this.live = 'idle';
  }

  private onLive(status: LiveStatus) {
    if (!this.following) return;
    this.live = status;
    if (status === 'live') {
      this.stopPolling();
      // What happened while (re)connecting is replayed by the stream; the read makes the board whole at once.
      void this.loadOrders();
    } else if (status === 'unsupported' || status === 'retrying') {
      if (!this.polling) this.startPolling();
    }
  }

  /** One live event: the waiting count moves at once (the alert with it), the board is read again. */
  applyEvent(e: LiveEvent) {
    if (e.restaurant_id !== this.restaurantId) return;
    const waits = e.status === OrderStatus.AwaitingMerchant;
    if ((e.type === 'order.placed' || e.type === 'order.status') && waits && e.from !== OrderStatus.AwaitingMerchant) {
      this.waiting++;
    } else if (e.type === 'order.status' && e.from === OrderStatus.AwaitingMerchant && !waits) {
      this.waiting = Math.max(0, this.waiting - 1);
    } else if (e.type === 'order.hurry') {
      this.reminders.set(e.order_id, e.at);
      this.deps.alerts?.ring('hurry');
    }
    void this.loadOrders();
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
