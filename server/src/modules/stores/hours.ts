import type { DayHours, OpenState } from '../../../../types/api/stores';
import { CHINA_UTC_OFFSET_MINUTES } from '../../../../types/catalogue';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const OFFSET = CHINA_UTC_OFFSET_MINUTES * MINUTE;
/** How far ahead the next opening is looked for (a week covers every weekly timetable). */
const LOOKAHEAD_DAYS = 8;

/** A weekly window in China time: weekday 0 Sunday ... 6 Saturday; close_min above 1440 ends the next day. */
export interface HoursWindow {
  weekday: number;
  open_min: number;
  close_min: number;
}

export interface ManualClosure {
  closed: number;
  resume_at: number | null;
}

const hhmm = (min: number) =>
  min === 1440
    ? '24:00'
    : `${String(Math.floor((min % 1440) / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;

/** The timetable shown on the restaurant page: seven days, Sunday first, windows in opening order. */
export function weekHours(windows: HoursWindow[]): DayHours[] {
  return [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
    weekday,
    windows: windows
      .filter((w) => w.weekday === weekday)
      .sort((a, b) => a.open_min - b.open_min)
      .map((w) => ({ open: hhmm(w.open_min), close: hhmm(w.close_min), overnight: w.close_min > 1440 })),
  }));
}

/** The absolute opening intervals from yesterday to LOOKAHEAD_DAYS ahead, merged where they touch or overlap. */
function intervals(now: number, windows: HoursWindow[]): Array<[number, number]> {
  const localDay = Math.floor((now + OFFSET) / DAY);
  const list: Array<[number, number]> = [];
  for (let d = -1; d <= LOOKAHEAD_DAYS; d++) {
    const day = localDay + d;
    // 1 January 1970 was a Thursday (weekday 4).
    const weekday = (((day + 4) % 7) + 7) % 7;
    const start = day * DAY - OFFSET;
    for (const w of windows) {
      if (w.weekday === weekday) list.push([start + w.open_min * MINUTE, start + w.close_min * MINUTE]);
    }
  }
  list.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [s, e] of list) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
}

/**
 * Open now, or closed and when it opens again (China time). A manual closure wins while it lasts: until resume_at,
 * or indefinitely when no resume time was given; after resume_at the opening hours apply again.
 */
export function openState(now: number, windows: HoursWindow[], closure: ManualClosure): OpenState {
  if (closure.closed && (closure.resume_at === null || closure.resume_at > now)) {
    return { is_open: false, closed_reason: 'manual', resumes_at: closure.resume_at, closes_at: null };
  }
  const list = intervals(now, windows);
  const horizon = (Math.floor((now + OFFSET) / DAY) + LOOKAHEAD_DAYS) * DAY - OFFSET;
  const current = list.find(([s, e]) => s <= now && now < e);
  if (current) {
    // Open around the clock: there is no closing time to show.
    return {
      is_open: true,
      closed_reason: null,
      resumes_at: null,
      closes_at: current[1] >= horizon ? null : current[1],
    };
  }
  const next = list.find(([s]) => s > now);
  return { is_open: false, closed_reason: 'hours', resumes_at: next ? next[0] : null, closes_at: null };
}

/**
 * Collection times offered at checkout: every `stepMin` minutes from the earliest the food can be ready (now +
 * preparation) over the next `horizonHours`, while the restaurant is open (hours and manual closure), at most
 * `count`.
 */
export function collectionSlots(
  now: number,
  windows: HoursWindow[],
  closure: ManualClosure,
  prepMinutes: number,
  { stepMin = 15, horizonHours = 24, count = 24 } = {},
): number[] {
  const step = stepMin * MINUTE;
  const first = Math.ceil((now + Math.max(prepMinutes, 0) * MINUTE) / step) * step;
  const slots: number[] = [];
  for (let t = first; t <= now + horizonHours * 60 * MINUTE && slots.length < count; t += step) {
    if (openState(t, windows, closure).is_open) slots.push(t);
  }
  return slots;
}

/**
 * Until when (epoch ms) an openState computed at `at` stays right: opening windows start and end on whole minutes,
 * so at the latest until the next minute; sooner when a manual closure ends within this minute (resume_at may be any
 * millisecond).
 */
export function openStateValidUntil(at: number, state: OpenState): number {
  const nextMinute = (Math.floor(at / MINUTE) + 1) * MINUTE;
  return state.closed_reason === 'manual' && state.resumes_at !== null && state.resumes_at > at
    ? Math.min(nextMinute, state.resumes_at)
    : nextMinute;
}
