import type { CartLine } from '../../../../types/api/cart';
import type { MenuItem } from '../../../../types/api/stores';
import type { Lang } from '../../../../types/lang';
import { buildChoice, QUANTITY_MAX, type Selection } from '../../../../types/menu-choice';
import { failed, invalidField } from '../../errors';
import type { CartLineRow, DishData } from './rows';
import { pictureUrl } from '../../cache/picture-urls';

export { QUANTITY_MAX };

const pick = (row: { name_cn: string; name_en: string }, lang: Lang) =>
  lang === 'en' ? row.name_en || row.name_cn : row.name_cn || row.name_en;

/** The same option set always gives the same key: sorted, distinct ids, comma-joined. */
export const optionKey = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b).join(',');
export const optionIdsOf = (key: string) => (key ? key.split(',').map(Number) : []);

/** A dish as the menu shows it (the shape the shared choice rules take), from the rows as they are now. */
export function menuItemOf(data: DishData, itemId: number, lang: Lang): MenuItem | undefined {
  const item = data.items.find((i) => i.id === itemId);
  if (!item) return undefined;
  return {
    id: item.id,
    category_id: 0,
    name: pick(item, lang),
    description: '',
    picture: pictureUrl(item.picture),
    price_fen: Number(item.price_fen),
    sold_out: item.sold_out === 1,
    option_groups: data.groups
      .filter((g) => g.item_id === itemId)
      .map((g) => ({
        id: g.id,
        name: pick(g, lang),
        compulsory: g.compulsory === 1,
        min_select: g.min_select,
        max_select: g.max_select,
        options: data.options
          .filter((o) => o.group_id === g.id)
          .map((o) => ({
            id: o.id,
            name: pick(o, lang),
            price_delta_fen: Number(o.price_delta_fen),
            sold_out: o.sold_out === 1,
          })),
      })),
  };
}

/** The chosen option ids as the rules take them (by group), or the first id the dish does not have. */
function selectionOf(item: MenuItem, optionIds: readonly number[]): { selection: Selection; unknown?: number } {
  const selection: Record<number, number[]> = {};
  for (const id of new Set(optionIds)) {
    const group = item.option_groups.find((g) => g.options.some((o) => o.id === id));
    if (!group) return { selection, unknown: id };
    (selection[group.id] ??= []).push(id);
  }
  return { selection };
}

/**
 * Checks a choice with the menu's rules (types/menu-choice.ts, the code the app's choice layer runs) and answers
 * its unit price. Refusals say why in the customer's language: an option the dish does not have, a sold-out dish
 * or option (1001), a compulsory group left empty or a group over its maximum (1003 on option_ids).
 */
export function checkChoice(item: MenuItem, restaurantId: number, optionIds: readonly number[], quantity: number) {
  const { selection, unknown } = selectionOf(item, optionIds);
  if (unknown !== undefined) throw invalidField('option_ids', 'cart.option_unknown', { id: unknown });
  if (item.sold_out) throw failed('cart.sold_out', { name: item.name });
  for (const group of item.option_groups) {
    const soldOut = group.options.find((o) => o.sold_out && selection[group.id]?.includes(o.id));
    if (soldOut) throw failed('cart.option_sold_out', { name: soldOut.name });
  }
  const result = buildChoice(restaurantId, item, selection, quantity);
  if (!result.ok) {
    if (result.reason === 'sold_out') throw failed('cart.sold_out', { name: item.name });
    if (result.reason === 'missing') {
      throw invalidField('option_ids', 'cart.options_missing', { group: result.missing[0]!.name });
    }
    throw invalidField('option_ids', 'cart.options_too_many', {
      group: result.group.name,
      max: result.group.max_select,
    });
  }
  return { unitPriceFen: result.choice.unit_price_fen };
}

/** The goods of a cart or quote: the sum of the lines that can be ordered (each priced as the menu is now). */
export function goodsOf(lines: ReadonlyArray<{ orderable: boolean; out: { line_total_fen: number } }>): number {
  return lines.filter((l) => l.orderable).reduce((n, l) => n + l.out.line_total_fen, 0);
}

export type LineProblem = 'gone' | 'sold_out' | 'option_sold_out' | 'price_changed';

export interface EvaluatedLine {
  out: CartLine;
  /** What stops the line from being ordered (or a price change, which does not). */
  problem?: LineProblem;
  orderable: boolean;
  /** The unit price seen when the line was filled. */
  seenUnitPriceFen: number;
  snapshot?: { name_cn: string; name_en: string; options_cn: string[]; options_en: string[]; option_ids: number[] };
}

/** A cart line priced and checked against the menu as it is now. */
export function evaluateLine(line: CartLineRow, data: DishData, restaurantId: number, lang: Lang): EvaluatedLine {
  const optionIds = optionIdsOf(line.option_key);
  const seen = Number(line.unit_price_fen);
  const row = data.items.find((i) => i.id === line.item_id && i.restaurant_id === restaurantId);
  const item = row && menuItemOf(data, line.item_id, lang);
  const base: CartLine = {
    cart_id: line.id,
    dish_id: line.item_id,
    name: item?.name ?? '',
    picture: item?.picture ?? '',
    quantity: line.quantity,
    option_ids: optionIds,
    option_names: [],
    unit_price_fen: seen,
    line_total_fen: seen * line.quantity,
    sold_out: true,
  };
  if (!row || !item) return { out: base, problem: 'gone', orderable: false, seenUnitPriceFen: seen };
  const options = optionIds.map((id) => data.options.find((o) => o.id === id));
  const names = options.map((o) => (o ? pick(o, lang) : ''));
  const described = { ...base, option_names: names.filter(Boolean) };
  if (options.some((o) => !o || !item.option_groups.some((g) => g.id === o.group_id))) {
    return { out: described, problem: 'gone', orderable: false, seenUnitPriceFen: seen };
  }
  if (item.sold_out) return { out: described, problem: 'sold_out', orderable: false, seenUnitPriceFen: seen };
  if (options.some((o) => o!.sold_out === 1)) {
    return { out: described, problem: 'option_sold_out', orderable: false, seenUnitPriceFen: seen };
  }
  let unit: number;
  try {
    unit = checkChoice(item, restaurantId, optionIds, line.quantity).unitPriceFen;
  } catch {
    // The dish's option rules changed since (a group became compulsory...): the line must be chosen again.
    return { out: described, problem: 'gone', orderable: false, seenUnitPriceFen: seen };
  }
  return {
    out: { ...described, unit_price_fen: unit, line_total_fen: unit * line.quantity, sold_out: false },
    problem: unit === seen ? undefined : 'price_changed',
    orderable: true,
    seenUnitPriceFen: seen,
    snapshot: {
      name_cn: row.name_cn || row.name_en,
      name_en: row.name_en || row.name_cn,
      options_cn: options.map((o) => o!.name_cn || o!.name_en),
      options_en: options.map((o) => o!.name_en || o!.name_cn),
      option_ids: optionIds,
    },
  };
}
