import type { Lang } from '../../../types/lang';
import { accounts } from './messages/accounts';
import { articles } from './messages/articles';
import { catalogue } from './messages/catalogue';
import { codes } from './messages/codes';
import { common } from './messages/common';
import { orders } from './messages/orders';
import { places } from './messages/places';
import { ratings } from './messages/ratings';

/**
 * Server messages in both languages, one file per area in messages/; `{name}` placeholders are filled from params.
 * Keys are namespaced by area (`article.not_found`) so the files never collide.
 */
export const messages = {
  ...common,
  ...articles,
  ...accounts,
  ...places,
  ...catalogue,
  ...codes,
  ...orders,
  ...ratings,
} as const satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof messages;
export type MessageParams = Record<string, string | number>;

export function translate(lang: Lang, key: MessageKey, params: MessageParams = {}): string {
  const template: string = messages[key][lang] || messages[key].cn;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}
