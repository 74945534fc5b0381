import type { Member, MerchantRestaurant } from '../../../types/api/merchant';
import { ApiError, type MerchantApi } from '../../../src/services';
import { MerchantStore } from '../../../src/stores/merchant-store';
import {
  MANAGE_TICK_MS,
  MerchantManageStore,
  isContact,
  nextChinaDay,
} from '../../../src/stores/merchant-manage-store';
import { fakeMerchant, member, menu, restaurant, T0, takings, withRestaurant } from '../support/merchant';

function setup(restaurants: MerchantRestaurant[] = [restaurant()]) {
  let now = T0;
  const merchant = fakeMerchant();
  const { setRestaurants } = withRestaurant(merchant, { restaurants, now: () => now });
  const showError = jest.fn();
  const ticks: Array<() => void> = [];
  const every = jest.fn((fn: () => void) => {
    ticks.push(fn);
    return jest.fn();
  });
  const api = () => merchant as unknown as MerchantApi;
  const board = new MerchantStore({ merchant: api, showError });
  const menuOf = jest.fn(async () => menu());
  const store = new MerchantManageStore({
    merchant: api,
    menu: menuOf,
    board,
    showError,
    now: () => now,
    every,
  });
  return {
    store,
    board,
    merchant,
    menuOf,
    showError,
    ticks,
    every,
    setNow: (t: number) => (now = t),
    setList: setRestaurants,
  };
}

describe('MerchantManageStore', () => {
  it('marks a dish and an option sold out and back through the merchant call, and the menu shown follows', async () => {
    const { store, merchant, menuOf } = setup();
    await store.open();
    await store.loadMenu();
    expect(menuOf).toHaveBeenCalledWith(9);
    expect(await store.setSoldOut('dish', 159, true)).toBe(true);
    expect(merchant.soldOut).toHaveBeenLastCalledWith({ restaurant_id: 9, sold_out: true, dish_id: 159 });
    expect(store.menu!.categories[0]!.items[0]!.sold_out).toBe(true);
    expect(await store.setSoldOut('option', 32, false)).toBe(true);
    expect(merchant.soldOut).toHaveBeenLastCalledWith({ restaurant_id: 9, sold_out: false, option_id: 32 });
    expect(store.menu!.categories[0]!.items[0]!.option_groups[0]!.options[1]!.sold_out).toBe(false);
  });

  it('a refused sold-out change leaves the menu as it was and says why; a second tap while one runs is ignored', async () => {
    const { store, merchant, showError } = setup();
    await store.open();
    await store.loadMenu();
    let fail!: (e: unknown) => void;
    merchant.soldOut.mockImplementationOnce(() => new Promise((_, reject) => (fail = reject)));
    const first = store.setSoldOut('dish', 159, true);
    expect(await store.setSoldOut('dish', 159, true)).toBe(false);
    expect(merchant.soldOut).toHaveBeenCalledTimes(1);
    fail(new ApiError(1006, 'Not a member'));
    expect(await first).toBe(false);
    expect(showError).toHaveBeenCalledTimes(1);
    expect(store.menu!.categories[0]!.items[0]!.sold_out).toBe(false);
    expect(store.toggling.size).toBe(0);
  });

  it('busy mode: 30 minutes, shown until then, ends by itself on the clock and the restaurant is read again', async () => {
    const { store, merchant, ticks, setNow } = setup();
    await store.open();
    store.startTicking();
    expect(await store.setBusy(30)).toBe(true);
    expect(merchant.busy).toHaveBeenCalledWith({ restaurant_id: 9, busy: 30 });
    expect(store.busyUntil).toBe(T0 + 30 * 60_000);
    setNow(T0 + 29 * 60_000);
    ticks.at(-1)!();
    expect(store.busyUntil).toBe(T0 + 30 * 60_000);
    const reads = merchant.restaurants.mock.calls.length;
    setNow(T0 + 30 * 60_000 + MANAGE_TICK_MS);
    ticks.at(-1)!();
    expect(store.busyUntil).toBeNull();
    expect(merchant.restaurants.mock.calls.length).toBe(reads + 1);
  });

  it('busy mode off, and the closure: for the rest of today (until the next China day) or until reopened', async () => {
    const { store, merchant, setNow } = setup();
    await store.open();
    await store.setBusy(15);
    await store.setBusy('off');
    expect(store.busyUntil).toBeNull();
    expect(await store.closeToday()).toBe(true);
    const midnight = Date.UTC(2026, 9, 1, 16); // 2 October 00:00 China time
    expect(merchant.closed).toHaveBeenLastCalledWith({ restaurant_id: 9, closed: true, resume_at: midnight });
    expect(store.closure).toEqual({ resumeAt: midnight });
    setNow(midnight);
    store.tick();
    expect(store.closure).toBeNull();
    await store.reopen();
    expect(merchant.closed).toHaveBeenLastCalledWith({ restaurant_id: 9, closed: false });
    await store.closeUntilReopened();
    expect(merchant.closed).toHaveBeenLastCalledWith({ restaurant_id: 9, closed: true });
    expect(store.closure).toEqual({ resumeAt: null });
  });

  it('nextChinaDay is the next midnight in China, also late in the evening (past UTC midnight)', () => {
    expect(nextChinaDay(Date.UTC(2026, 9, 1, 4))).toBe(Date.UTC(2026, 9, 1, 16));
    expect(nextChinaDay(Date.UTC(2026, 9, 1, 15, 59))).toBe(Date.UTC(2026, 9, 1, 16));
    expect(nextChinaDay(Date.UTC(2026, 9, 1, 16))).toBe(Date.UTC(2026, 9, 2, 16));
  });

  it('a refused busy change (a staff member) shows the error and keeps the state', async () => {
    const { store, merchant, showError } = setup([restaurant({ role: 'staff' })]);
    await store.open();
    expect(store.isOwner).toBe(false);
    merchant.busy.mockRejectedValueOnce(new ApiError(1006, 'Owners only'));
    expect(await store.setBusy(60)).toBe(false);
    expect(showError).toHaveBeenCalledTimes(1);
    expect(store.busyUntil).toBeNull();
    expect(store.saving).toBe(false);
  });

  it("reads today's takings of the chosen restaurant, and an error state on a first failure", async () => {
    const { store, merchant } = setup();
    await store.open();
    merchant.today.mockRejectedValueOnce(new Error('offline'));
    await store.loadTakings();
    expect(store.takingsStatus).toBe('error');
    await store.loadTakings();
    expect(merchant.today).toHaveBeenLastCalledWith(9);
    expect(store.takingsStatus).toBe('ready');
    expect(store.takings).toEqual(takings());
  });

  it('members: list, invite by phone or e-mail with a role, remove; the list is read again after each', async () => {
    const { store, merchant } = setup();
    await store.open();
    await store.loadMembers();
    expect(store.members.map((m) => m.user_id)).toEqual([1, 2]);
    const added = await store.invite(' new@szeat.cn ', 'owner');
    expect(added?.role).toBe('owner');
    expect(merchant.invite).toHaveBeenCalledWith({ restaurant_id: 9, contact: 'new@szeat.cn', role: 'owner' });
    expect(store.members.map((m) => m.user_id)).toEqual([1, 2, 3]);
    expect(await store.removeMember(2)).toBe(true);
    expect(merchant.removeMember).toHaveBeenCalledWith(9, 2);
    expect(store.members.map((m) => m.user_id)).toEqual([1, 3]);
    expect(merchant.members).toHaveBeenCalledTimes(3);
  });

  it("another restaurant's members are not shown while its own list loads", async () => {
    const { store, board, merchant } = setup([restaurant(), restaurant({ restaurant_id: 12, name: 'Dumplings' })]);
    await store.open();
    await store.loadMembers();
    expect(store.members).toHaveLength(2);
    let answer!: (v: { list: Member[] }) => void;
    merchant.members.mockImplementationOnce(() => new Promise((r) => (answer = r)));
    board.selectRestaurant(12);
    const loading = store.loadMembers();
    expect(store.members).toEqual([]);
    expect(store.membersStatus).toBe('loading');
    answer({ list: [member(7, 'owner')] });
    await loading;
    expect(store.members.map((m) => m.user_id)).toEqual([7]);
  });

  it("the last owner stays: the server's refusal is shown and the member kept", async () => {
    const { store, merchant, showError } = setup();
    await store.open();
    await store.loadMembers();
    merchant.removeMember.mockRejectedValueOnce(new ApiError(1001, 'The last owner stays'));
    expect(await store.removeMember(1)).toBe(false);
    expect(showError).toHaveBeenCalledTimes(1);
    expect(store.members.map((m) => m.user_id)).toEqual([1, 2]);
  });

  it('canRemove follows the server: staff always, an owner only while another owner remains', async () => {
    const { store } = setup();
    await store.open();
    await store.loadMembers();
    expect(store.members.map((m) => [m.user_id, store.canRemove(m)])).toEqual([
      [1, false],
      [2, true],
    ]);
    await store.invite('nina@szeat.cn', 'owner');
    expect(store.members.map((m) => store.canRemove(m))).toEqual([true, true, true]);
    expect(await store.removeMember(3)).toBe(true);
    expect(store.members.map((m) => store.canRemove(m))).toEqual([false, true]);
  });

  it('leaving oneself reads the restaurants again (the account no longer sees this one), not the members', async () => {
    const { store, board, merchant, setList } = setup();
    await store.open();
    await store.invite('nina@szeat.cn', 'owner');
    const membersReads = merchant.members.mock.calls.length;
    setList([]);
    expect(await store.removeMember(1, true)).toBe(true);
    expect(merchant.removeMember).toHaveBeenCalledWith(9, 1);
    expect(board.restaurants).toEqual([]);
    expect(merchant.members).toHaveBeenCalledTimes(membersReads);
  });

  it('accepts a mobile number or an e-mail as a contact', () => {
    expect(isContact('13800138000')).toBe(true);
    expect(isContact('staff@szeat.cn')).toBe(true);
    expect(isContact('1380013800')).toBe(false);
    expect(isContact('staff@')).toBe(false);
  });
});
