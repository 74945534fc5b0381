/**
 * The rules of the menu item choice layer (spec §5 "Menu options", DESIGN.md §5 "Menu"): a compulsory group needs
 * at least max(1, min_select) options, no group takes more than max_select, sold-out options and items cannot be
 * chosen, and the price is the item's plus the chosen options' deltas, times the quantity. The same code runs in
 * the app's choice layer (to show the rules first) and on the server (cart add and edit, the checkout quote).
 */
import type { MenuItem, OptionGroup } from './api/stores';

/** Chosen option ids per option group id. */
export type Selection = Readonly<Record<number, readonly number[]>>;

export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 99;

/** What the layer hands on when the customer confirms (the cart issue turns it into an addcart call). */
export interface MenuChoice {
  restaurant_id: number;
  item_id: number;
  /** The dish's name as shown, for messages. */
  name: string;
  quantity: number;
  /** Every group that has a chosen option, in menu order. */
  options: Array<{ group_id: number; option_ids: number[] }>;
  /** Names of the chosen options, in menu order, for messages. */
  option_names: string[];
  unit_price_fen: number;
  total_fen: number;
}

export type ToggleNotice = { kind: 'max'; group: OptionGroup; max: number } | { kind: 'sold_out'; group: OptionGroup };

/** How many options a group needs before the choice can be confirmed. */
export function minRequired(group: OptionGroup): number {
  return group.compulsory ? Math.max(1, group.min_select) : 0;
}

/** How many options a group takes at most (0 or less in the data means no limit). */
export function maxAllowed(group: OptionGroup): number {
  return group.max_select > 0 ? group.max_select : group.options.length;
}

export function chosenIn(selection: Selection, groupId: number): readonly number[] {
  return selection[groupId] ?? [];
}

/**
 * Taps an option: chosen -> unchosen; otherwise chosen when the group has room. A full group of one swaps its
 * option (it reads as a radio); a full larger group refuses with the maximum notice. Sold-out options refuse.
 */
export function toggleOption(
  group: OptionGroup,
  selection: Selection,
  optionId: number,
): { selection: Selection; notice?: ToggleNotice } {
  const option = group.options.find((o) => o.id === optionId);
  if (!option) return { selection };
  const current = chosenIn(selection, group.id);
  if (current.includes(optionId)) {
    return { selection: { ...selection, [group.id]: current.filter((id) => id !== optionId) } };
  }
  if (option.sold_out) return { selection, notice: { kind: 'sold_out', group } };
  const max = maxAllowed(group);
  if (current.length < max) return { selection: { ...selection, [group.id]: [...current, optionId] } };
  if (max === 1) return { selection: { ...selection, [group.id]: [optionId] } };
  return { selection, notice: { kind: 'max', group, max } };
}

/** Groups that still need options (compulsory ones below their minimum), in menu order. */
export function missingGroups(item: MenuItem, selection: Selection): OptionGroup[] {
  return item.option_groups.filter((g) => validChosen(g, selection).length < minRequired(g));
}

/** The chosen options of a group that can really be ordered (known, not sold out), in menu order. */
function validChosen(group: OptionGroup, selection: Selection) {
  const chosen = chosenIn(selection, group.id);
  return group.options.filter((o) => chosen.includes(o.id) && !o.sold_out);
}

/**
 * Item price plus the deltas of the chosen options, for one; never below zero (an option may cost less, such as a
 * small size, but a dish is never paid for by the restaurant).
 */
export function unitPrice(item: MenuItem, selection: Selection): number {
  const price = item.option_groups.reduce(
    (sum, g) => sum + validChosen(g, selection).reduce((s, o) => s + o.price_delta_fen, 0),
    item.price_fen,
  );
  return Math.max(0, price);
}

export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return QUANTITY_MIN;
  return Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, Math.round(quantity)));
}

export function totalPrice(item: MenuItem, selection: Selection, quantity: number): number {
  return unitPrice(item, selection) * clampQuantity(quantity);
}

export type ChoiceResult =
  | { ok: true; choice: MenuChoice }
  | { ok: false; reason: 'sold_out' }
  | { ok: false; reason: 'missing'; missing: OptionGroup[] }
  | { ok: false; reason: 'too_many'; group: OptionGroup };

/** Checks every rule and, when they hold, the choice to hand on. */
export function buildChoice(
  restaurantId: number,
  item: MenuItem,
  selection: Selection,
  quantity: number,
): ChoiceResult {
  if (item.sold_out) return { ok: false, reason: 'sold_out' };
  const tooMany = item.option_groups.find((g) => chosenIn(selection, g.id).length > maxAllowed(g));
  if (tooMany) return { ok: false, reason: 'too_many', group: tooMany };
  const missing = missingGroups(item, selection);
  if (missing.length > 0) return { ok: false, reason: 'missing', missing };
  const qty = clampQuantity(quantity);
  const groups = item.option_groups
    .map((g) => ({ group: g, options: validChosen(g, selection) }))
    .filter((g) => g.options.length > 0);
  const unit = unitPrice(item, selection);
  return {
    ok: true,
    choice: {
      restaurant_id: restaurantId,
      item_id: item.id,
      name: item.name,
      quantity: qty,
      options: groups.map((g) => ({ group_id: g.group.id, option_ids: g.options.map((o) => o.id) })),
      option_names: groups.flatMap((g) => g.options.map((o) => o.name)),
      unit_price_fen: unit,
      total_fen: unit * qty,
    },
  };
}
