import { useEffect, useRef } from 'react';
import { liveEvents } from '../services/live-events';
import { useStores } from './context';
import { OrderFeedStore, type OrderFeedEvent } from './order-feed-store';
import type { RootStore } from './root-store';

/**
 * The customer's live order events: one per app, made on first use (not a field of RootStore, as checkout.ts),
 * through the live event client (services/live-events: a new one-time ticket per connection, H5 EventSource or the
 * mini program's chunked request; `unsupported` where the platform holds no stream, and the screens poll).
 */
export function orderFeedOf(root: RootStore): OrderFeedStore {
  return root.attach(
    'orderFeed',
    (r) =>
      new OrderFeedStore({
        open: ({ onEvent, onStatus }) => {
          const live = liveEvents({
            streams: r.platform.eventStreams,
            events: () => r.api.events,
            onEvent,
            onStatus,
          });
          return { start: () => live.start(), stop: () => live.stop() };
        },
      }),
  );
}

/**
 * Follows the customer's order events while `active` (the screen is shown); `onEvent` gets each one. Answers
 * whether the stream is up now (when it is not, the screen polls).
 */
export function useOrderFeed(onEvent: (event: OrderFeedEvent) => void, active: boolean): boolean {
  const feed = orderFeedOf(useStores());
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!active) return undefined;
    return feed.follow((e) => handler.current(e));
  }, [feed, active]);
  return active && feed.live;
}
