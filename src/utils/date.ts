import type { Lang } from '../../types/lang';

const pad = (n: number) => String(n).padStart(2, '0');

/** Dates are shown in China time (UTC+8) whatever the device's zone: every city we serve is in it. */
export function formatDate(ms: number, lang: Lang, withTime = false): string {
  const d = new Date(ms + 8 * 60 * 60 * 1000);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + 1;
  const day = d.getUTCDate();
  const time = withTime ? ` ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}` : '';
  return lang === 'cn' ? `${y}年${m}月${day}日${time}` : `${y}-${pad(m)}-${pad(day)}${time}`;
}

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** HH:MM in China time. */
export function formatTime(ms: number): string {
  const d = new Date(ms + CHINA_OFFSET_MS);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Whole China-time calendar days from `now` to `ms`: 0 today, 1 tomorrow, -1 yesterday. */
export function chinaDaysFrom(ms: number, now: number): number {
  const day = (t: number) => Math.floor((t + CHINA_OFFSET_MS) / 86_400_000);
  return day(ms) - day(now);
}

const NEAR_DAYS: Record<Lang, Record<number, string>> = {
  cn: { [-1]: '昨天', 0: '今天', 1: '明天' },
  en: { [-1]: 'Yesterday', 0: 'Today', 1: 'Tomorrow' },
};

/**
 * A time near now as people say it: "今天 19:15 / Today 19:15", "明天 10:30 / Tomorrow 10:30" (yesterday too);
 * further away the date and time (formatDate). China time, like every date we show.
 */
export function formatWhen(ms: number, lang: Lang, now: number = Date.now()): string {
  const near = NEAR_DAYS[lang][chinaDaysFrom(ms, now)];
  return near ? `${near} ${formatTime(ms)}` : formatDate(ms, lang, true);
}
