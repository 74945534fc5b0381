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
