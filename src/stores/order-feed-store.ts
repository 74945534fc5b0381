import { makeAutoObservable } from 'mobx';

/** One order change as the live stream hands it on (server events: StreamMessage data). */
export interface OrderFeedEvent {
  id: number;
  type: string;
  order_id: number;
  status?: number;
  [key: string]: unknown;
}

/** What the customer screens need of the live event client: start, stop, and its state as it changes. */
export interface OrderFeedConnection {
  start(): void;
  stop(): void;
}
export type OrderFeedState = 'idle' | 'connecting' | 'live' | 'retrying' | 'unsupported' | 'stopped';
export type OpenOrderFeed = (handlers: {
  onEvent: (event: OrderFeedEvent) => void;
  onStatus: (state: OrderFeedState) => void;
}) => OrderFeedConnection;

export interface OrderFeedDeps {
  /** The live event client (platform stream adapter); null where there is none: the screens poll. */
  open: OpenOrderFeed | null;
}

/**
 * The customer's own orders, live (issue 18): one event stream for the app, open while at least one screen follows
 * it (the order page while shown, the orders tab while shown), closed when the last one stops. `live` is true only
 * while the stream is up: the screens poll (order page) or read again on show (orders tab) whenever it is not.
 */
export class OrderFeedStore {
  state: OrderFeedState = 'idle';
  private readonly listeners = new Set<(event: OrderFeedEvent) => void>();
  private connection: OrderFeedConnection | null = null;

  constructor(private readonly deps: OrderFeedDeps) {
    makeAutoObservable<OrderFeedStore, 'deps' | 'listeners' | 'connection'>(this, {
      deps: false,
      listeners: false,
      connection: false,
    });
  }

  get live(): boolean {
    return this.state === 'live';
  }

  /** Follows the customer's order events; answers the function that stops following. */
  follow(listener: (event: OrderFeedEvent) => void): () => void {
    this.listeners.add(listener);
    if (!this.connection && this.deps.open) {
      this.connection = this.deps.open({
        onEvent: (event) => {
          for (const l of [...this.listeners]) l(event);
        },
        onStatus: (state) => this.setState(state),
      });
      this.connection.start();
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.connection) {
        const c = this.connection;
        this.connection = null;
        c.stop();
        this.setState('idle');
      }
    };
  }

  private setState(state: OrderFeedState) {
    this.state = state;
  }
}
