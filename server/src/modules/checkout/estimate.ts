import type { Estimate } from '../../../../types/api/checkout';

/** Metres a courier covers in a minute, counted slowly (12 km/h: city traffic, stairs, waiting at the gate). */
export const COURIER_M_PER_MIN = 200;
/** Minutes for the courier to take the food at the counter and hand it over at the door. */
export const HANDOVER_MIN = 5;
/** The width of the promised window, in minutes. */
export const WINDOW_MIN = 20;
const MIN = 60_000;
const FIVE = 5 * MIN;

/**
 * When the food is expected (the rule the app's "estimated delivery / ready" shows; a promise must be true, so it
 * is counted generously):
 * - delivery, ordered now: the restaurant's preparation time (prep_minutes), then the ride at COURIER_M_PER_MIN
 *   over the straight-line distance rounded up to whole minutes, plus HANDOVER_MIN. The window starts there (down to
 *   the five minutes) and lasts WINDOW_MIN (its end up to the five minutes).
 * - collection: the chosen collection time, which is already at least the preparation time away (stores/hours.ts
 *   collectionSlots): ready from then.
 * Undefined when the order cannot be made as asked (no place or time chosen yet, closed, out of range).
 */
export function estimate(
  at: number,
  o: { mode: 'delivery'; prepMinutes: number; distanceM: number } | { mode: 'collection'; time: number },
): Estimate {
  if (o.mode === 'collection') return { kind: 'ready', from: o.time, to: o.time };
  const ride = Math.ceil(Math.max(0, o.distanceM) / COURIER_M_PER_MIN);
  const arrive = at + (Math.max(0, o.prepMinutes) + ride + HANDOVER_MIN) * MIN;
  const from = Math.floor(arrive / FIVE) * FIVE;
  const to = Math.ceil((arrive + WINDOW_MIN * MIN) / FIVE) * FIVE;
  return { kind: 'delivery', from, to };
}
