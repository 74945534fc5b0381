import type {
  AddCartBody,
  CartData,
  DelCartBody,
  EditCartBody,
  ReorderLine,
  ReorderResult,
} from '../../../../types/api/cart';
import type { Lang } from '../../../../types/lang';
import { invalid, notFound } from '../../errors';
import { promotionRuleOf } from '../catalogue/service';
import { deliveryFeeOf } from '../checkout/money';
import type { AppTransaction, AppUnitOfWork } from '../repositories';
import {
  checkChoice,
  evaluateLine,
  goodsOf,
  menuItemOf,
  optionIdsOf,
  optionKey,
  QUANTITY_MAX,
  type EvaluatedLine,
} from './lines';

/**
 * The customer's carts, one per restaurant, on the server. Every add and edit is checked with the menu's rules as
 * they are now; a line keeps the unit price seen when it was filled, so the checkout quote can list what changed.
 */
export function createCartService(uow: AppUnitOfWork, now: () => number) {
  const { repos } = uow;

  async function requireDish(restaurantId: number, dishId: number, lang: Lang) {
    const data = await repos.cart.dishes([dishId]);
    const row = data.items[0];
    const item = menuItemOf(data, dishId, lang);
    if (!row || !item || row.restaurant_id !== restaurantId) throw notFound('cart.dish_not_found', { id: dishId });
    return item;
  }

  /** The customer's cart at a restaurant, each line priced and checked against the menu as it is now. */
  async function priced(userId: number, restaurantId: number, lang: Lang): Promise<PricedCart> {
    const lines = await repos.cart.lines(userId, restaurantId);
    const data = await repos.cart.dishes([...new Set(lines.map((l) => l.item_id))]);
    const evaluated = lines.map((l) => evaluateLine(l, data, restaurantId, lang));
    return { lines: evaluated, goods_fen: goodsOf(evaluated) };
  }

  async function list(userId: number, restaurantId: number, lang: Lang): Promise<CartData> {
    const restaurant = await repos.cart.restaurant(restaurantId);
    if (!restaurant) throw notFound('store.not_found', { id: restaurantId });
    const where = { restaurantId, areaId: restaurant.area_id, cityId: restaurant.city_id };
    const [{ lines: evaluated, goods_fen: totalFen }, rules, standing] = await Promise.all([
      priced(userId, restaurantId, lang),
      repos.catalogue.priceRules(now(), where),
      repos.checkout.hasStandingOrder(userId),
    ]);
    // The fee a delivery would pay now, by the quote's own rule (checkout/money.ts) over what the quote reads.
    const restaurantFee = Number(restaurant.delivery_fee_fen);
    const fee = deliveryFeeOf(totalFen, {
      feeFen: restaurantFee,
      firstOrder: !standing,
      promotions: rules.map(promotionRuleOf),
    });
    const waiver = fee.waived_by;
    return {
      restaurant_id: restaurantId,
      list: evaluated.map((e) => e.out),
      total_num: evaluated.reduce((n, e) => n + e.out.quantity, 0),
      total_price: totalFen / 100,
      total_price_fen: totalFen,
      min_order_fen: Number(restaurant.min_order_fen),
      delivery_fee_fen: fee.fee_fen,
      delivery_fee_waiver:
        waiver?.kind === 'first_order_free_delivery'
          ? {
              promotion_id: waiver.id,
              kind: waiver.kind,
              name: lang === 'en' ? waiver.title_en : waiver.title_cn,
              waived_fen: restaurantFee - fee.fee_fen,
            }
          : null,
    };
  }

  return {
    list,
    priced,

    /**
     * Puts past order lines back into the customer's cart at the restaurant, each checked against the menu as it is
     * now: a dish removed, sold out, or whose chosen options are gone, sold out or no longer a valid choice is left
     * out; the rest go in at today's price (the cart keeps the price paid as the price seen, so checkout lists a
     * change too). The restaurant's cart becomes exactly these lines, in one transaction: each line set to its
     * quantity (not added to), the others removed, so a repeated or racing refill leaves the same cart. When no line
     * can be put back the cart is left as it was.
     */
    async refill(userId: number, restaurantId: number, wanted: RefillLine[], lang: Lang): Promise<ReorderResult> {
      const restaurant = await repos.cart.restaurant(restaurantId);
      if (!restaurant) throw notFound('store.not_found', { id: restaurantId });
      const data = await repos.cart.dishes([...new Set(wanted.map((w) => w.itemId))]);
      const put = new Map<string, { itemId: number; optionKey: string; quantity: number; unitPriceFen: number }>();
      const lines: ReorderLine[] = wanted.map((w) => {
        const row = data.items.find((i) => i.id === w.itemId && i.restaurant_id === restaurantId);
        const item = row && menuItemOf(data, w.itemId, lang);
        const known = item
          ? w.optionIds.map((id) =>
              data.options.find((o) => o.id === id && item.option_groups.some((g) => g.id === o.group_id)),
            )
          : [];
        const out: ReorderLine = {
          dish_id: w.itemId,
          name: item?.name || (lang === 'en' ? w.nameEn || w.nameCn : w.nameCn || w.nameEn),
          option_names:
            item && known.every(Boolean)
              ? known.map((o) => (lang === 'en' ? o!.name_en || o!.name_cn : o!.name_cn || o!.name_en))
              : w.optionNames,
          quantity: w.quantity,
          outcome: 'gone',
          ordered_unit_price_fen: w.unitPriceFen,
          unit_price_fen: null,
        };
        if (!item || !known.every(Boolean)) return out;
        if (item.sold_out || known.some((o) => o!.sold_out === 1)) return { ...out, outcome: 'sold_out' };
        let unit: number;
        try {
          unit = checkChoice(item, restaurantId, w.optionIds, Math.min(w.quantity, QUANTITY_MAX)).unitPriceFen;
        } catch {
          return { ...out, outcome: 'options_changed' };
        }
        const key = optionKey(w.optionIds);
        const mapKey = `${w.itemId}:${key}`;
        const before = put.get(mapKey);
        put.set(mapKey, {
          itemId: w.itemId,
          optionKey: key,
          quantity: Math.min(QUANTITY_MAX, (before?.quantity ?? 0) + w.quantity),
          unitPriceFen: w.unitPriceFen,
        });
        return { ...out, outcome: unit === w.unitPriceFen ? 'added' : 'price_changed', unit_price_fen: unit };
      });
      if (put.size > 0) {
        const at = now();
        // A fixed order (dish, options) so racing refills lock the same rows in the same order.
        const rows = [...put.values()].sort((a, b) => a.itemId - b.itemId || a.optionKey.localeCompare(b.optionKey));
        await uow.transaction(async (tx) => {
          for (const r of rows) await tx.cart.put({ userId, restaurantId, ...r, at });
          await tx.cart.clearExcept(userId, restaurantId, rows);
        });
      }
      const added = lines.filter((l) => l.outcome === 'added' || l.outcome === 'price_changed').length;
      return {
        restaurant_id: restaurantId,
        lines,
        added,
        changed: lines.some((l) => l.outcome !== 'added'),
        cart: await list(userId, restaurantId, lang),
      };
    },

    /** Removes the ordered lines in the caller's transaction; the count tells whether another request took some. */
    removeOrdered: (tx: AppTransaction, userId: number, cartIds: number[]) => tx.cart.removeMany(userId, cartIds),

    async add(userId: number, body: AddCartBody, lang: Lang): Promise<{ cart_id: number }> {
      const quantity = body.quantity ?? 1;
      const optionIds = body.option_ids ?? [];
      const item = await requireDish(body.restaurant_id, body.dish_id, lang);
      const { unitPriceFen } = checkChoice(item, body.restaurant_id, optionIds, quantity);
      const id = await repos.cart.add({
        userId,
        restaurantId: body.restaurant_id,
        itemId: body.dish_id,
        optionKey: optionKey(optionIds),
        quantity,
        unitPriceFen,
        at: now(),
        max: QUANTITY_MAX,
      });
      return { cart_id: id };
    },

    /** Quantity (0 removes the line) and/or options; new options that match another line merge into it. */
    async edit(userId: number, body: EditCartBody, lang: Lang): Promise<{ cart_id: number }> {
      const line = await repos.cart.line(userId, body.cart_id);
      if (!line) throw notFound('cart.line_not_found');
      if (body.quantity === 0) {
        await repos.cart.remove(userId, line.id);
        return { cart_id: line.id };
      }
      const quantity = body.quantity ?? line.quantity;
      const optionIds = body.option_ids ?? optionIdsOf(line.option_key);
      const item = await requireDish(line.restaurant_id, line.item_id, lang);
      const { unitPriceFen } = checkChoice(item, line.restaurant_id, optionIds, quantity);
      const key = optionKey(optionIds);
      const at = now();
      if (key === line.option_key) {
        if (!(await repos.cart.update(userId, line.id, { quantity, unit_price_fen: unitPriceFen, updated_at: at }))) {
          throw notFound('cart.line_not_found');
        }
        return { cart_id: line.id };
      }
      // Other options: the line becomes (or joins) the line of that choice, in one transaction.
      const id = await uow.transaction(async (tx) => {
        if (!(await tx.cart.remove(userId, line.id))) throw notFound('cart.line_not_found');
        return tx.cart.add({
          userId,
          restaurantId: line.restaurant_id,
          itemId: line.item_id,
          optionKey: key,
          quantity,
          unitPriceFen,
          at,
          max: QUANTITY_MAX,
        });
      });
      return { cart_id: id };
    },

    async remove(userId: number, body: DelCartBody): Promise<void> {
      if (body.cart_id !== undefined) {
        if (!(await repos.cart.remove(userId, body.cart_id))) throw notFound('cart.line_not_found');
        return;
      }
      if (body.restaurant_id !== undefined && body.all === true) {
        await repos.cart.clear(userId, body.restaurant_id);
        return;
      }
      throw invalid('cart.delete_what');
    },
  };
}

/** A line of a past order to put back in the cart (its snapshot names for a dish no longer on the menu). */
export interface RefillLine {
  itemId: number;
  optionIds: number[];
  quantity: number;
  /** The unit price paid. */
  unitPriceFen: number;
  nameCn: string;
  nameEn: string;
  /** The option names when ordered, in the request language. */
  optionNames: string[];
}

/** A cart priced against the menu as it is now (what the checkout quote and the voucher list start from). */
export interface PricedCart {
  lines: EvaluatedLine[];
  /** The orderable lines' total. */
  goods_fen: number;
}

export type CartService = ReturnType<typeof createCartService>;
