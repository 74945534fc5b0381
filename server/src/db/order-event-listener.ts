import createSubscriber from 'pg-listen';

/** The channel the order_events trigger (migration 0014) announces each committed row's id on. */
export const ORDER_EVENTS_CHANNEL = 'szeat_order_events';

export interface OrderEventListener {
  close(): Promise<void>;
}

/**
 * LISTENs on PostgreSQL for committed order event ids (one dedicated connection per instance, reconnecting without
 * limit). NOTIFY keeps nothing: after a reconnection `onReconnected` runs so the caller reads what it missed from
 * the rows.
 */
export async function listenOrderEvents(
  url: string,
  onIds: (ids: number[]) => void,
  onReconnected: () => void,
  log: (msg: string, err?: unknown) => void,
): Promise<OrderEventListener> {
  const subscriber = createSubscriber(
    { connectionString: url },
    { retryLimit: Infinity, retryTimeout: Infinity, retryInterval: (n) => Math.min(5000, 200 * 2 ** n) },
  );
  let pending: number[] = [];
  subscriber.notifications.on(ORDER_EVENTS_CHANNEL, (payload: unknown) => {
    const id = Number(payload);
    if (!Number.isSafeInteger(id)) return;
    // Ids arriving together are read in one query.
    if (pending.length === 0) queueMicrotask(() => onIds(pending.splice(0)));
    pending.push(id);
  });
  let connectedOnce = false;
  subscriber.events.on('connected', () => {
    if (connectedOnce) onReconnected();
    connectedOnce = true;
  });
  subscriber.events.on('error', (err) => log('order events listener failed', err));
  await subscriber.connect();
  await subscriber.listenTo(ORDER_EVENTS_CHANNEL);
  return {
    async close() {
      pending = [];
      await subscriber.close();
    },
  };
}
