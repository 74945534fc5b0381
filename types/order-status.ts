import type { Lang } from './lang';

/**
 * Order status codes are the specification's (§4). The specification does not show which moves are allowed; this
 * table is ours (DESIGN.md §5) and the server refuses every move not in it. The app reads the same table to show
 * the progress steps.
 */
export const OrderStatus = {
  /** Submitted, waiting for an online payment. */
  Submitted: 0,
  BeingPrepared: 1,
  DriverOnTheWay: 2,
  Delivered: 3,
  Cancelled: 4,
  Refunded: 5,
  /** Paid (or pay on delivery / balance): waiting for the restaurant to accept. */
  AwaitingMerchant: 6,
  DriverAssigned: 7,
  /** The customer has the food: delivered and confirmed, or collected. */
  Completed: 9,
  ConfirmedByRestaurant: 10,
  /** Closed: the time for disputes is over. */
  Accomplished: 11,
} as const;

export type OrderStatusCode = (typeof OrderStatus)[keyof typeof OrderStatus];
export const ORDER_STATUS_CODES = Object.values(OrderStatus) as OrderStatusCode[];
export type OrderMode = 'delivery' | 'collection';

const S = OrderStatus;

/** The way forward for each mode: what `advance` (operator tool, demo mode, later the restaurant console) follows. */
export const FORWARD_PATH: Record<OrderMode, readonly OrderStatusCode[]> = {
  delivery: [
    S.Submitted,
    S.AwaitingMerchant,
    S.ConfirmedByRestaurant,
    S.BeingPrepared,
    S.DriverAssigned,
    S.DriverOnTheWay,
    S.Delivered,
    S.Completed,
    S.Accomplished,
  ],
  // Nobody drives a collection order: it is completed when the customer picks it up.
  collection: [S.Submitted, S.AwaitingMerchant, S.ConfirmedByRestaurant, S.BeingPrepared, S.Completed, S.Accomplished],
};

/** Before the food leaves the kitchen an order may be cancelled (by the customer's timeout, the restaurant, support). */
const CANCELLABLE: readonly OrderStatusCode[] = [
  S.Submitted,
  S.AwaitingMerchant,
  S.ConfirmedByRestaurant,
  S.BeingPrepared,
];

/**
 * Money goes back from any state where it was taken and the order is not closed; a cancelled order that had been
 * paid is refunded from Cancelled. Submitted (unpaid) has nothing to refund: it is cancelled instead.
 */
const REFUNDABLE: Record<OrderMode, readonly OrderStatusCode[]> = {
  delivery: [
    S.AwaitingMerchant,
    S.ConfirmedByRestaurant,
    S.BeingPrepared,
    S.DriverAssigned,
    S.DriverOnTheWay,
    S.Delivered,
    S.Completed,
    S.Cancelled,
  ],
  collection: [S.AwaitingMerchant, S.ConfirmedByRestaurant, S.BeingPrepared, S.Completed, S.Cancelled],
};

function buildTable(mode: OrderMode): Record<OrderStatusCode, readonly OrderStatusCode[]> {
  const table = Object.fromEntries(ORDER_STATUS_CODES.map((s) => [s, [] as OrderStatusCode[]])) as Record<
    OrderStatusCode,
    OrderStatusCode[]
  >;
  const path = FORWARD_PATH[mode];
  for (let i = 0; i + 1 < path.length; i++) table[path[i]!].push(path[i + 1]!);
  for (const s of CANCELLABLE) table[s].push(S.Cancelled);
  for (const s of REFUNDABLE[mode]) table[s].push(S.Refunded);
  return table;
}

/** Every allowed move, per mode: `ORDER_TRANSITIONS[mode][from]` lists the statuses `from` may move to. */
export const ORDER_TRANSITIONS: Record<OrderMode, Record<OrderStatusCode, readonly OrderStatusCode[]>> = {
  delivery: buildTable('delivery'),
  collection: buildTable('collection'),
};

export function canMove(mode: OrderMode, from: number, to: number): boolean {
  const allowed = ORDER_TRANSITIONS[mode][from as OrderStatusCode] as readonly number[] | undefined;
  return allowed?.includes(to) ?? false;
}

/** The next status along the mode's forward path, or null at the end of it (or off it: cancelled, refunded). */
export function nextStatus(mode: OrderMode, from: number): OrderStatusCode | null {
  const path = FORWARD_PATH[mode];
  const i = (path as readonly number[]).indexOf(from);
  return i >= 0 && i + 1 < path.length ? path[i + 1]! : null;
}

export function isOrderStatus(value: number): value is OrderStatusCode {
  return (ORDER_STATUS_CODES as number[]).includes(value);
}

/** No move leaves these. */
export const FINAL_STATUSES: readonly OrderStatusCode[] = [S.Accomplished, S.Refunded];

/**
 * A collection order marked ready while still being prepared (the code stays 1: the specification's codes are fixed):
 * it reads "Ready for collection", as the timeline step it reached says, on the server's status_text and in the app.
 */
export function readyToCollect(o: {
  status: number;
  mode?: string;
  /** orders' marked_ready_at: when the restaurant marked it ready; null (absent in the app) before. */
  marked_ready_at?: number | string | bigint | null;
}): boolean {
  return o.mode === 'collection' && o.status === S.BeingPrepared && o.marked_ready_at != null;
}

export const ORDER_STATUS_LABELS: Record<OrderStatusCode, Record<Lang, string>> = {
  [S.Submitted]: { cn: '待支付', en: 'Awaiting payment' },
  [S.AwaitingMerchant]: { cn: '等待商家接单', en: 'Waiting for the restaurant' },
  // The same words as the progress steps these statuses reach (PROGRESS_STEP_LABELS): header and timeline agree.
  [S.ConfirmedByRestaurant]: { cn: '商家已接单', en: 'Confirmed by restaurant' },
  [S.BeingPrepared]: { cn: '商家备餐中', en: 'Being prepared' },
  [S.DriverAssigned]: { cn: '已分配骑手', en: 'Driver assigned' },
  [S.DriverOnTheWay]: { cn: '骑手配送中', en: 'Driver on the way' },
  [S.Delivered]: { cn: '已送达', en: 'Delivered' },
  [S.Completed]: { cn: '已完成', en: 'Completed' },
  // Closed for good (ratings and disputes over): to the customer it is completed, as its timeline step says.
  [S.Accomplished]: { cn: '已完成', en: 'Completed' },
  [S.Cancelled]: { cn: '已取消', en: 'Cancelled' },
  [S.Refunded]: { cn: '已退款', en: 'Refunded' },
};

export type ProgressStepKey =
  | 'submitted'
  | 'confirmed'
  | 'preparing'
  /** A collection order marked ready for collection (a mark, not a status: orders' marked_ready_at). */
  | 'ready'
  | 'pending_delivery'
  | 'delivered'
  | 'completed'
  | 'cancelled'
  | 'refunded';

/**
 * The progress steps the customer sees (specification §4 names six; collection orders skip the two delivery ones),
 * in the order they happen, each reached when the order first enters one of its statuses.
 */
export const PROGRESS_STEPS: Record<
  OrderMode,
  ReadonlyArray<{ key: ProgressStepKey; reachedBy: readonly OrderStatusCode[] }>
> = {
  delivery: [
    { key: 'submitted', reachedBy: [S.Submitted, S.AwaitingMerchant] },
    { key: 'confirmed', reachedBy: [S.ConfirmedByRestaurant] },
    { key: 'preparing', reachedBy: [S.BeingPrepared] },
    { key: 'pending_delivery', reachedBy: [S.DriverAssigned, S.DriverOnTheWay] },
    { key: 'delivered', reachedBy: [S.Delivered] },
    { key: 'completed', reachedBy: [S.Completed, S.Accomplished] },
  ],
  collection: [
    { key: 'submitted', reachedBy: [S.Submitted, S.AwaitingMerchant] },
    { key: 'confirmed', reachedBy: [S.ConfirmedByRestaurant] },
    { key: 'preparing', reachedBy: [S.BeingPrepared] },
    { key: 'completed', reachedBy: [S.Completed, S.Accomplished] },
  ],
};

export const PROGRESS_STEP_LABELS: Record<ProgressStepKey, Record<Lang, string>> = {
  submitted: { cn: '订单已提交', en: 'Submitted' },
  confirmed: { cn: '商家已接单', en: 'Confirmed by restaurant' },
  preparing: { cn: '商家备餐中', en: 'Being prepared' },
  ready: { cn: '可取餐', en: 'Ready for collection' },
  pending_delivery: { cn: '等待送达', en: 'Pending delivery' },
  delivered: { cn: '已送达', en: 'Delivered' },
  completed: { cn: '已完成', en: 'Completed' },
  cancelled: { cn: '已取消', en: 'Cancelled' },
  refunded: { cn: '已退款', en: 'Refunded' },
};

export interface ProgressStep {
  key: ProgressStepKey;
  label: string;
  done: boolean;
  /** When the step was reached (epoch ms), from the status history. */
  at?: number;
}

/**
 * The steps of an order from its status history (oldest first), in `lang`: the mode's steps, each with the time it
 * was first reached. The step the order is in now reads as the header does (its status's label: "Driver on the way"
 * rather than "Pending delivery"), except the first, which stays "Submitted" while the order waits for payment or
 * the restaurant (the header says what it waits for, the next step is what comes). A cancelled or refunded order
 * shows the steps it reached, then the step that ended it (cancelled, refunded, or both), with its time.
 */
export function progressSteps(
  mode: OrderMode,
  history: ReadonlyArray<{ status: number; at: number }>,
  lang: Lang,
): ProgressStep[] {
  const current = history[history.length - 1]?.status;
  const steps: ProgressStep[] = PROGRESS_STEPS[mode].map(({ key, reachedBy }) => {
    const first = history.find((h) => (reachedBy as readonly number[]).includes(h.status));
    const here = key !== 'submitted' && current !== undefined && (reachedBy as readonly number[]).includes(current);
    return {
      key,
      label: here ? ORDER_STATUS_LABELS[current as OrderStatusCode][lang] : PROGRESS_STEP_LABELS[key][lang],
      done: first !== undefined,
      ...(first ? { at: first.at } : {}),
    };
  });
  const ends = (['cancelled', 'refunded'] as const)
    .map((key) => ({ key, at: history.find((h) => h.status === (key === 'cancelled' ? S.Cancelled : S.Refunded))?.at }))
    .filter((e): e is { key: 'cancelled' | 'refunded'; at: number } => e.at !== undefined);
  if (ends.length === 0) return steps;
  return [
    ...steps.filter((st) => st.done),
    ...ends.map(({ key, at }) => ({ key, label: PROGRESS_STEP_LABELS[key][lang], done: true, at })),
  ];
}

/**
 * An order may be rated once the customer has the food (DESIGN §5): delivered, completed (delivered and confirmed,
 * or collected) or closed. A refunded or cancelled order is not rated.
 */
export const RATABLE_STATUSES: readonly OrderStatusCode[] = [S.Delivered, S.Completed, S.Accomplished];
