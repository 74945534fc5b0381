import { makeAutoObservable, runInAction } from 'mobx';
import type { BoardState, MerchantOrder, MerchantRestaurant, MoveResult, RejectBody } from '../../types/api/merchant';
import type { MerchantApi } from '../services';

export type RejectReason = RejectBody['reason'];
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** How often the board asks again while it is shown (issue 18: until the live stream lands). */
export const BOARD_POLL_MS = 10_000;

export interface MerchantDeps {
  merchant: () => MerchantApi;
  /** Says an error to the staff member (a toast). */
  showError: (err: unknown) => void;
  /** Repeats fn every ms; answers a function that stops it (tests drive it by hand). */
  every?: (fn: () => void, ms: number) => () => void;
}

const defaultEvery = (fn: () => void, ms: number) => {
  const id = setInterval(fn, ms);
  return () => clearInterval(id);
};

/**
 * The restaurant console's order board (issue 18): the restaurants the account belongs to, one restaurant's orders in
 * one board state, the count of orders waiting to be accepted, and accepting (with a preparation time) or rejecting
 * (with a reason). The board is read again every BOARD_POLL_MS while polling and after every move; a move of an order
 * already being moved is ignored.
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

  private round = 0;
  private stopPoll: (() => void) | undefined = undefined;

  constructor(private readonly deps: MerchantDeps) {
    makeAutoObservable<MerchantStore, 'deps' | 'round' | 'stopPoll'>(this, {
      deps: false,
      round: false,
      stopPoll: false,
    });
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

  /** Accepts an order with a preparation time in minutes (1..240; the restaurant's default when absent). */
  accept(orderId: number, prepMinutes?: number): Promise<MoveResult | undefined> {
    const minutes = prepMinutes === undefined ? undefined : Math.max(1, Math.min(240, Math.round(prepMinutes)));
    return this.move(orderId, () => this.deps.merchant().accept({ order_id: orderId, prep_minutes: minutes }));
  }

  /** Rejects an order with a reason (the customer is told, money and voucher go back). */
  reject(orderId: number, reason: RejectReason): Promise<MoveResult | undefined> {
    return this.move(orderId, () => this.deps.merchant().reject({ order_id: orderId, reason }));
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
