import type { Lang } from '../../types/lang';
import { chinaDaysFrom, formatWhen } from './date';

/**
 * formatWhen inside a sentence: English says "Estimated delivery today 10:05–10:30", lower case mid-sentence, where
 * a time standing alone keeps "Today 19:15". Chinese has no case. Its own module: only the order screens (a
 * sub-package of the mini program) use it, so it stays out of the main package (test/weapp/size.test.ts).
 */
export function formatWhenInSentence(ms: number, lang: Lang, now: number = Date.now()): string {
  const when = formatWhen(ms, lang, now);
  return lang === 'en' && Math.abs(chinaDaysFrom(ms, now)) <= 1 ? when.charAt(0).toLowerCase() + when.slice(1) : when;
}
