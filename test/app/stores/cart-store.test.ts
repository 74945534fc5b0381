import { ApiError, HttpError } from '../../../src/services/http';
import { CartStore } from '../../../src/stores/cart-store';
import type { MenuChoice } from '../../../src/utils/menu-choice';
import { ErrorCode } from '../../../types/errors';
import { deferred } from '../support/fake-platform';
import { cartData, cartLine } from '../support/orders';
import { fakeApi } from '../support/page';
import { noodles as noodlesItem, plainItem } from '../support/discover';

const choice: MenuChoice = {
  restaurant_id: 9,
  item_id: 159,
  name: 'Noodles',
  quantity: 2,
  options: [
    { group_id: 11, option_ids: [111] },
    { group_id: 12, option_ids: [121, 123] },
  ],
  option_names: ['Thin', 'Fried egg', 'Greens'],
  unit_price_fen: 2600,
  total_fen: 5200,
};

function setup(loggedIn = true) {
  const api = fakeApi();
  const navigation = {
    go: jest.fn(async () => {}),
    replace: jest.fn(),
    redirect: jest.fn(),
    backTo: jest.fn(),
    back: jest.fn(),
    params: jest.fn(),
    setParams: jest.fn(),
  };
  const showError = jest.fn();
  const store = new CartStore({ cart: () => api.cart, navigation, isLoggedIn: () => loggedIn, showError });
  return { api, navigation, showError, store };
}

const noodles = cartLine(31, 'Noodles', 2600, 2);

describe('CartStore (spec §3, §4, §8)', () => {
  it("loads a restaurant's cart: rid and cartData {list, total_num, total_price}", async () => {
    const { api, store } = setup();
    api.cart.list.mockResolvedValue(cartData([noodles]));
    await store.load(9);
    expect(api.cart.list).toHaveBeenCalledWith(9);
    expect(store.rid).toBe(9);
    expect(store.cartData).toMatchObject({ total_num: 2, total_price: 52, total_price_fen: 5200 });
    expect(store.lines).toHaveLength(1);
    expect(store.belowMinimumFen).toBe(0);
  });

  it('add sends the dish, quantity and every chosen option, answers cart_id and reloads the cart', async () => {
    const { api, store } = setup();
    api.cart.list.mockResolvedValueOnce(cartData([]));
    await store.load(9);
    api.cart.add.mockResolvedValue({ cart_id: 31 });
    api.cart.list.mockResolvedValueOnce(cartData([noodles]));
    expect(await store.add(choice)).toBe(31);
    expect(api.cart.add).toHaveBeenCalledWith({
      restaurant_id: 9,
      dish_id: 159,
      quantity: 2,
      option_ids: [111, 121, 123],
    });
    expect(api.cart.list).toHaveBeenCalledTimes(2);
    expect(store.cartData.total_num).toBe(2);
  });

  it('a failed add shows msg as an error and answers 0, without reloading', async () => {
    const { api, store, showError } = setup();
    const err = new ApiError(ErrorCode.Failed, 'Sold out');
    api.cart.add.mockRejectedValue(err);
    expect(await store.add(choice)).toBe(0);
    expect(showError).toHaveBeenCalledWith(err);
    expect(api.cart.list).not.toHaveBeenCalled();
  });

  it('1002 on add goes to /login?isBack and shows no error', async () => {
    const { api, store, showError, navigation } = setup();
    api.cart.add.mockRejectedValue(new ApiError(ErrorCode.SessionInvalid, 'Please log in'));
    expect(await store.add(choice)).toBe(0);
    expect(navigation.go).toHaveBeenCalledWith('login', { isBack: 1 });
    expect(showError).not.toHaveBeenCalled();
  });

  it('edit answers true and reloads; a failed edit shows msg and answers false', async () => {
    const { api, store, showError } = setup();
    api.cart.list.mockResolvedValue(cartData([noodles]));
    await store.load(9);
    api.cart.edit.mockResolvedValueOnce({ cart_id: 31 });
    expect(await store.edit(31, 3)).toBe(true);
    expect(api.cart.edit).toHaveBeenCalledWith({ cart_id: 31, quantity: 3 });
    expect(api.cart.list).toHaveBeenCalledTimes(2);
    const err = new HttpError('network', 'offline');
    api.cart.edit.mockRejectedValueOnce(err);
    expect(await store.edit(31, 4)).toBe(false);
    expect(showError).toHaveBeenCalledWith(err);
    expect(api.cart.list).toHaveBeenCalledTimes(2);
  });

  it('delete answers true or false (no toast on failure); a line is not edited twice at once', async () => {
    const { api, store, showError } = setup();
    api.cart.list.mockResolvedValue(cartData([noodles]));
    await store.load(9);
    const pending = deferred<null>();
    api.cart.remove.mockReturnValueOnce(pending.promise);
    const first = store.delete(31);
    expect(store.busyLines).toEqual([31]);
    expect(await store.edit(31, 1)).toBe(false);
    pending.resolve(null);
    expect(await first).toBe(true);
    expect(api.cart.remove).toHaveBeenCalledWith({ cart_id: 31 });
    api.cart.remove.mockRejectedValueOnce(new ApiError(ErrorCode.NotFound, 'gone'));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await store.delete(31)).toBe(false);
    expect(showError).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('a failed cart list logs and keeps the current cart', async () => {
    const { api, store } = setup();
    api.cart.list.mockResolvedValueOnce(cartData([noodles]));
    await store.load(9);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    api.cart.list.mockRejectedValueOnce(new HttpError('timeout', 'slow'));
    const kept = await store.reload();
    expect(kept.list).toEqual([noodles]);
    expect(store.cartData.list).toEqual([noodles]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('an older answer never overwrites a newer one; another restaurant starts empty', async () => {
    const { api, store } = setup();
    const slow = deferred<ReturnType<typeof cartData>>();
    api.cart.list.mockReturnValueOnce(slow.promise).mockResolvedValueOnce(cartData([noodles]));
    const first = store.load(9);
    await store.reload();
    slow.resolve(cartData([]));
    await first;
    expect(store.cartData.list).toEqual([noodles]);
    api.cart.list.mockReturnValueOnce(new Promise(() => {}));
    void store.load(15);
    expect(store.rid).toBe(15);
    expect(store.cartData.list).toEqual([]);
    expect(store.loading).toBe(true);
  });

  it('logged out: no call, an empty cart; the minimum order hint counts what is missing', async () => {
    const { api, store, navigation } = setup(false);
    await store.load(9);
    expect(api.cart.list).not.toHaveBeenCalled();
    expect(store.isEmpty).toBe(true);
    expect(await store.add(choice)).toBe(0);
    expect(api.cart.add).not.toHaveBeenCalled();
    expect(navigation.go).toHaveBeenCalledWith('login', { isBack: 1 });
    const other = setup();
    other.api.cart.list.mockResolvedValue(cartData([cartLine(1, 'Tea', 800)], { min_order_fen: 2000 }));
    await other.store.load(9);
    expect(other.store.belowMinimumFen).toBe(1200);
  });

  it('a dish without options: one more and one less from its card, counted over its lines (issue 15)', async () => {
    const { api, store } = setup();
    const tea = plainItem(177, 'Herbal Tea', 800);
    api.cart.list.mockResolvedValueOnce(cartData([]));
    await store.load(9);
    expect(store.quantityOf(177)).toBe(0);
    api.cart.add.mockResolvedValue({ cart_id: 41 });
    api.cart.list.mockResolvedValueOnce(cartData([cartLine(41, 'Herbal Tea', 800, 1, { dish_id: 177 })]));
    expect(await store.addOne(9, tea)).toBe(41);
    expect(api.cart.add).toHaveBeenCalledWith({ restaurant_id: 9, dish_id: 177, quantity: 1, option_ids: [] });
    expect(store.quantityOf(177)).toBe(1);

    api.cart.list.mockResolvedValueOnce(cartData([cartLine(41, 'Herbal Tea', 800, 2, { dish_id: 177 })]));
    await store.addOne(9, tea);
    expect(store.quantityOf(177)).toBe(2);
    api.cart.edit.mockResolvedValue({ cart_id: 41 });
    api.cart.list.mockResolvedValueOnce(cartData([cartLine(41, 'Herbal Tea', 800, 1, { dish_id: 177 })]));
    expect(await store.removeOne(177)).toBe(true);
    expect(api.cart.edit).toHaveBeenLastCalledWith({ cart_id: 41, quantity: 1 });
    api.cart.remove.mockResolvedValue(null);
    api.cart.list.mockResolvedValueOnce(cartData([]));
    expect(await store.removeOne(177)).toBe(true);
    expect(api.cart.remove).toHaveBeenCalledWith({ cart_id: 41 });
    expect(store.quantityOf(177)).toBe(0);
    expect(await store.removeOne(177)).toBe(false);
  });

  it('a dish with options is never added without its layer; its count sums every choice', async () => {
    const { api, store } = setup();
    api.cart.list.mockResolvedValueOnce(
      cartData([
        cartLine(31, 'Noodles', 2600, 2, { dish_id: 159, option_ids: [111] }),
        cartLine(32, 'Noodles', 2400, 1, { dish_id: 159, option_ids: [112] }),
      ]),
    );
    await store.load(9);
    expect(await store.addOne(9, noodlesItem())).toBe(0);
    expect(api.cart.add).not.toHaveBeenCalled();
    expect(store.quantityOf(159)).toBe(3);
    expect(await store.removeOne(159)).toBe(false);
    expect(api.cart.edit).not.toHaveBeenCalled();
  });
});
