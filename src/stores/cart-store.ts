import { makeAutoObservable, runInAction } from 'mobx';
import type { CartData, CartLine } from '../../types/api/cart';
import type { MenuItem } from '../../types/api/stores';
import { ErrorCode } from '../../types/errors';
import type { Navigation } from '../platform/types';
import { ApiError, type CartApi } from '../services';
import { buildChoice, type MenuChoice } from '../utils/menu-choice';

export interface CartDeps {
  cart: () => CartApi;
  navigation: Navigation;
  isLoggedIn: () => boolean;
  /** The one way a failed call reaches the customer (UiStore.showError: `msg` as an error toast). */
  showError: (err: unknown) => void;
}

const emptyCart = (restaurantId = 0): CartData => ({
  restaurant_id: restaurantId,
  list: [],
  total_num: 0,
  total_price: 0,
  total_price_fen: 0,
  min_order_fen: 0,
  delivery_fee_fen: 0,
  delivery_fee_waiver: null,
});

/**
 * The cart of one restaurant (spec §3, §4, §8; DESIGN.md §3): `rid` and `cartData {list, total_num, total_price}`.
 * The server keeps one cart per user and restaurant and computes every amount; this store mirrors it, reloading
 * after a successful add or edit. A failed add shows `msg` and answers 0, a failed edit or delete answers false,
 * a failed list logs and keeps the current cart; 1002 on add goes to the login screen, which comes back.
 */
export class CartStore {
  rid = 0;
  cartData: CartData = emptyCart();
  /** The first load of this restaurant's cart is under way. */
  loading = false;
  /** Lines with an edit or delete under way (their steppers are off meanwhile). */
  busyLines: number[] = [];
  private generation = 0;

  constructor(private readonly deps: CartDeps) {
    makeAutoObservable<CartStore, 'deps' | 'generation'>(this, { deps: false, generation: false });
  }

  get lines(): CartLine[] {
    return this.cartData.list;
  }

  get isEmpty(): boolean {
    return this.cartData.list.length === 0;
  }

  /** How much more goods the restaurant's minimum order needs (0 when reached). */
  get belowMinimumFen(): number {
    return Math.max(0, this.cartData.min_order_fen - this.cartData.total_price_fen);
  }

  /** How many of a dish the cart holds, over all its lines (each a different choice of options). */
  quantityOf(dishId: number): number {
    return this.cartData.list.reduce((n, l) => (l.dish_id === dishId ? n + l.quantity : n), 0);
  }

  /**
   * The cart line of a dish without options (its one line: the server adds the same choice to the same line), for the
   * dish card's -/+; undefined when the dish is not in the cart.
   */
  plainLineOf(dishId: number): CartLine | undefined {
    return this.cartData.list.find((l) => l.dish_id === dishId && l.option_ids.length === 0);
  }

  /**
   * One more of a dish that has no options, straight from its card (no choice layer): answers the cart_id, or 0 when
   * it failed (the reason shown) or the dish cannot be added in one tap (it has options or is sold out).
   */
  async addOne(restaurantId: number, item: MenuItem): Promise<number> {
    if (item.option_groups.length > 0) return 0;
    const built = buildChoice(restaurantId, item, {}, 1);
    if (!built.ok) return 0;
    return this.add(built.choice);
  }

  /** One less of a dish without options from its card (its line is deleted at 0); true when the server took it. */
  async removeOne(dishId: number): Promise<boolean> {
    const line = this.plainLineOf(dishId);
    if (!line) return false;
    return line.quantity <= 1 ? this.delete(line.cart_id) : this.edit(line.cart_id, line.quantity - 1);
  }

  /** Shows this restaurant's cart (empty until it loads when the restaurant changes). */
  async load(restaurantId: number): Promise<CartData> {
    if (restaurantId !== this.rid) {
      this.rid = restaurantId;
      this.cartData = emptyCart(restaurantId);
      this.loading = true;
    }
    return this.reload();
  }

  /** Reloads the current restaurant's cart; on failure logs and answers the cart as it was (spec §8). */
  async reload(): Promise<CartData> {
    const rid = this.rid;
    const generation = ++this.generation;
    if (!rid || !this.deps.isLoggedIn()) {
      this.loading = false;
      if (!this.deps.isLoggedIn()) this.cartData = emptyCart(rid);
      return this.cartData;
    }
    try {
      const data = await this.deps.cart().list(rid);
      runInAction(() => {
        // A later reload or another restaurant wins.
        if (generation === this.generation && rid === this.rid) this.cartData = data;
      });
    } catch (err) {
      console.warn('cartlist failed; keeping the current cart', err);
    } finally {
      runInAction(() => {
        if (generation === this.generation) this.loading = false;
      });
    }
    return this.cartData;
  }

  /** Adds a validated menu choice; answers the cart_id, or 0 when it failed (the reason shown as an error toast). */
  async add(choice: MenuChoice): Promise<number> {
    if (!this.deps.isLoggedIn()) {
      // No session at all: the answer would be 1002; go where it would send the customer without asking.
      void this.deps.navigation.go('login', { isBack: 1 });
      return 0;
    }
    let cartId: number;
    try {
      const result = await this.deps.cart().add({
        restaurant_id: choice.restaurant_id,
        dish_id: choice.item_id,
        quantity: choice.quantity,
        option_ids: choice.options.flatMap((g) => g.option_ids),
      });
      cartId = result.cart_id;
    } catch (err) {
      if (err instanceof ApiError && err.code === ErrorCode.SessionInvalid) {
        // Spec §6/§8: the cart sends the customer to log in, and the login screen comes back here.
        void this.deps.navigation.go('login', { isBack: 1 });
      } else {
        this.deps.showError(err);
      }
      return 0;
    }
    if (choice.restaurant_id !== this.rid) await this.load(choice.restaurant_id);
    else await this.reload();
    return cartId;
  }

  /** A line's new quantity (0 deletes it); true when the server took it. */
  async edit(cartId: number, quantity: number): Promise<boolean> {
    return this.lineCall(cartId, () => this.deps.cart().edit({ cart_id: cartId, quantity }), true);
  }

  /** Deletes a line; true when the server took it (a failure answers false without a message, spec §8). */
  async delete(cartId: number): Promise<boolean> {
    return this.lineCall(cartId, () => this.deps.cart().remove({ cart_id: cartId }), false);
  }

  /** Empties this restaurant's cart. */
  async clear(): Promise<boolean> {
    if (!this.rid) return false;
    try {
      await this.deps.cart().remove({ restaurant_id: this.rid, all: true });
    } catch (err) {
      console.warn('delcart failed', err);
      return false;
    }
    await this.reload();
    return true;
  }

  /** After an order took the cart: the server has emptied it. */
  forget(restaurantId: number) {
    if (restaurantId === this.rid) this.cartData = emptyCart(restaurantId);
  }

  private async lineCall(cartId: number, call: () => Promise<unknown>, toast: boolean): Promise<boolean> {
    if (this.busyLines.includes(cartId)) return false;
    this.busyLines = [...this.busyLines, cartId];
    try {
      await call();
    } catch (err) {
      if (toast) this.deps.showError(err);
      else console.warn('delcart failed', err);
      return false;
    } finally {
      runInAction(() => {
        this.busyLines = this.busyLines.filter((id) => id !== cartId);
      });
    }
    await this.reload();
    return true;
  }
}
