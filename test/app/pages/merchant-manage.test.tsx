import MerchantBusyPage from '../../../src/screens/merchant/busy';
import MerchantMembersPage from '../../../src/screens/merchant/members';
import MerchantOrdersPage from '../../../src/screens/merchant/orders';
import MerchantSoldOutPage from '../../../src/screens/merchant/soldout';
import MerchantTodayPage from '../../../src/screens/merchant/today';
import type { MerchantRestaurant } from '../../../types/api/merchant';
import { formatTime } from '../../../src/utils/date';
import { fieldError, typeInto } from '../support/forms';
import { member, menu, restaurant, startingMembers, withRestaurant } from '../support/merchant';
import { ApiError } from '../../../src/services/http';
import { ErrorCode } from '../../../types/errors';
import { fakeApi, renderPage, withAccountDefaults } from '../support/page';
import { click, getByText, queryByText, waitFor } from '../support/render';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

function api(role: MerchantRestaurant['role'] = 'owner') {
  const a = withAccountDefaults(fakeApi());
  withRestaurant(a.merchant, { restaurants: [restaurant({ role })] });
  a.restaurants.menu.mockImplementation(async () => menu());
  return a;
}

const en = { storage: { _lang: 'en', token: 't' } };

describe('Console management screens', () => {
  it('the order board links to the console screens: every one for an owner, orders and sold out for staff', async () => {
    const owner = await renderPage(MerchantOrdersPage, { ...en, api: api('owner') });
    await waitFor(() => getByText(owner.container, 'Members'));
    const links = [...owner.container.querySelectorAll('.console-nav__link')].map((l) => l.textContent);
    expect(links).toEqual(['Orders', 'Sold out', 'Busy / closed', 'Today', 'Members']);
    await click(getByText(owner.container, 'Sold out'));
    expect(owner.platform.navigation.go).toHaveBeenCalledWith('merchantSoldOut');
    owner.unmount();

    const staff = await renderPage(MerchantOrdersPage, { ...en, api: api('staff') });
    await waitFor(() => getByText(staff.container, 'Sold out'));
    const staffLinks = [...staff.container.querySelectorAll('.console-nav__link')].map((l) => l.textContent);
    expect(staffLinks).toEqual(['Orders', 'Sold out']);
  });

  it('sold out: dishes and their options with their state; marking one sold out and one back goes to the server', async () => {
    const a = api('staff');
    const { container } = await renderPage(MerchantSoldOutPage, { ...en, api: a });
    await waitFor(() => getByText(container, 'Beef noodles'));
    expect(a.restaurants.menu).toHaveBeenCalledWith(9);
    const row = (key: string) => container.querySelector(`[data-soldout="${key}"]`)!;
    expect(row('dish-159').textContent).toContain('On sale');
    expect(row('dish-160').textContent).toContain('Sold out');
    expect(row('option-32').textContent).toBe('CheeseSold out');
    await click(container.querySelector<HTMLElement>('[aria-label="Mark sold out: Beef noodles"]')!);
    expect(a.merchant.soldOut).toHaveBeenCalledWith({ restaurant_id: 9, sold_out: true, dish_id: 159 });
    await waitFor(() => expect(row('dish-159').className).toContain('console-row--off'));
    await click(container.querySelector<HTMLElement>('[aria-label="Back on sale: Topping · Cheese"]')!);
    expect(a.merchant.soldOut).toHaveBeenLastCalledWith({ restaurant_id: 9, sold_out: false, option_id: 32 });
    await waitFor(() => expect(row('option-32').textContent).toBe('Cheese'));
  });

  it('sold out: the error state with retry when the menu cannot be read', async () => {
    const a = api();
    a.restaurants.menu.mockRejectedValueOnce(new Error('offline'));
    const { container } = await renderPage(MerchantSoldOutPage, { ...en, api: a });
    await waitFor(() => getByText(container, /Could not load/));
    await click(container.querySelector<HTMLElement>('.state-view__action')!);
    await waitFor(() => getByText(container, 'Beef noodles'));
  });

  it('busy mode: 30 minutes shows when it ends, and can be ended; closed today shows when normal hours resume', async () => {
    const a = api();
    const { container } = await renderPage(MerchantBusyPage, { ...en, api: a });
    await waitFor(() => getByText(container, 'Taking orders'));
    const before = Date.now();
    await click(getByText(container, '30 min'));
    expect(a.merchant.busy).toHaveBeenCalledWith({ restaurant_id: 9, busy: 30 });
    const state = await waitFor(() => getByText(container, /^Busy, ends by itself: /));
    const ends = formatTime(before + 30 * 60_000);
    expect([ends, formatTime(Date.now() + 30 * 60_000)].some((hm) => state.textContent!.includes(hm))).toBe(true);
    await click(getByText(container, 'End busy mode'));
    expect(a.merchant.busy).toHaveBeenLastCalledWith({ restaurant_id: 9, busy: 'off' });
    await waitFor(() => getByText(container, 'Taking orders'));

    await click(getByText(container, 'Close for today (back tomorrow)'));
    const call = a.merchant.closed.mock.calls[0]![0];
    expect(call).toMatchObject({ restaurant_id: 9, closed: true });
    expect(call.resume_at).toBeGreaterThan(Date.now());
    await waitFor(() => getByText(container, /^Closed; normal opening hours again: Tomorrow 00:00$/));
    await click(getByText(container, 'Reopen'));
    expect(a.merchant.closed).toHaveBeenLastCalledWith({ restaurant_id: 9, closed: false });
    await waitFor(() => getByText(container, 'Open as the opening hours say'));
  });

  it('busy mode, today and members are for owners: staff are told so and nothing is asked of the server', async () => {
    for (const Page of [MerchantBusyPage, MerchantTodayPage, MerchantMembersPage]) {
      const a = api('staff');
      const view = await renderPage(Page, { ...en, api: a });
      await waitFor(() => getByText(view.container, 'Only the owner can use this page'));
      expect(queryByText(view.container, '30 min')).toBeNull();
      expect(a.merchant.today).not.toHaveBeenCalled();
      expect(a.merchant.members).not.toHaveBeenCalled();
      view.unmount();
    }
  });

  it('today: orders, takings by payment method, cancellations and refunds, from fen, in Chinese', async () => {
    const a = api();
    const { container } = await renderPage(MerchantTodayPage, { storage: { _lang: 'cn', token: 't' }, api: a });
    await waitFor(() => getByText(container, '¥86.5'));
    expect(a.merchant.today).toHaveBeenCalledWith(9);
    const text = container.textContent!;
    expect(text).toContain('2026年10月1日（北京时间）');
    expect(text).toContain('余额支付 · 1 单');
    expect(text).toContain('微信支付 · 2 单');
    expect(text).toContain('¥56.5');
    expect(text).toContain('1 单，共 ¥22.5');
  });

  it('members: list with role and contact, invite by e-mail as owner, check of the contact, remove after confirming', async () => {
    const a = api();
    const { container, platform } = await renderPage(MerchantMembersPage, { ...en, api: a });
    await waitFor(() => getByText(container, 'Olive · Owner'));
    expect(getByText(container, 'Sam · Staff')).toBeTruthy();
    expect(container.textContent).toContain('13800000001 · olive@szeat.cn');

    await typeInto(container, 'contact', 'not a contact');
    await click(getByText(container, 'Add'));
    expect(fieldError(container, 'contact')).toBe('Enter a phone number or an e-mail address');
    expect(a.merchant.invite).not.toHaveBeenCalled();

    await typeInto(container, 'contact', 'nina@szeat.cn');
    await click(getByText(container, 'Owner'));
    await click(getByText(container, 'Add'));
    expect(a.merchant.invite).toHaveBeenCalledWith({ restaurant_id: 9, contact: 'nina@szeat.cn', role: 'owner' });
    await waitFor(() => getByText(container, 'Nina · Owner'));

    await click(container.querySelector<HTMLElement>('[aria-label="Remove: Sam"]')!);
    expect(platform.feedback.confirm).toHaveBeenCalledWith('Remove Sam from this restaurant?', {
      confirmText: 'Remove',
      cancelText: 'Cancel',
    });
    expect(a.merchant.removeMember).toHaveBeenCalledWith(9, 2);
    await waitFor(() => expect(queryByText(container, 'Sam · Staff')).toBeNull());
  });

  it('members: "Remove" only where the server allows it: never on the last owner, the own row included', async () => {
    const a = api();
    // Olive (1) is the signed-in owner and the only one: her row offers nothing, Sam's (staff) does.
    const storage = { ...en.storage, userInfo: { id: 1, name: 'Olive' } };
    const { container } = await renderPage(MerchantMembersPage, { storage, api: a });
    await waitFor(() => getByText(container, 'Olive · Owner'));
    const removable = () =>
      [...container.querySelectorAll<HTMLElement>('[aria-label^="Remove: "]')].map((e) => e.getAttribute('aria-label'));
    expect(removable()).toEqual(['Remove: Sam']);
    expect(container.querySelector('[data-member="1"]')!.textContent).not.toContain('Remove');
  });

  it('members: with a second owner both owners can be removed, Olive leaving herself; the console then drops the restaurant', async () => {
    const a = api();
    const fake = withRestaurant(a.merchant, { restaurants: [restaurant()] });
    const storage = { ...en.storage, userInfo: { id: 1, name: 'Olive' } };
    const { container, platform } = await renderPage(MerchantMembersPage, { storage, api: a });
    await waitFor(() => getByText(container, 'Olive · Owner'));
    await typeInto(container, 'contact', 'nina@szeat.cn');
    await click(getByText(container, 'Owner'));
    await click(getByText(container, 'Add'));
    await waitFor(() => getByText(container, 'Nina · Owner'));
    const removable = () =>
      [...container.querySelectorAll<HTMLElement>('[aria-label^="Remove: "]')].map((e) => e.getAttribute('aria-label'));
    expect(removable()).toEqual(['Remove: Olive', 'Remove: Sam', 'Remove: Nina']);

    // Olive leaves: her own question, then the server no longer lists the restaurant for her.
    fake.setRestaurants([]);
    await click(container.querySelector<HTMLElement>('[aria-label="Remove: Olive"]')!);
    expect(platform.feedback.confirm).toHaveBeenCalledWith(
      'Leave this restaurant? You will no longer see its console.',
      {
        confirmText: 'Remove',
        cancelText: 'Cancel',
      },
    );
    expect(a.merchant.removeMember).toHaveBeenCalledWith(9, 1);
    await waitFor(() =>
      expect(platform.feedback.toast).toHaveBeenCalledWith('You have left the restaurant', 'success'),
    );
    await waitFor(() => getByText(container, 'This account is not a member of any restaurant'));
  });

  it("members: another owner's removal at the same moment: the server's refusal is shown in the user's language and the list read again", async () => {
    const a = api();
    const fake = withRestaurant(a.merchant, { restaurants: [restaurant()] });
    fake.setMembers([...startingMembers(), member(3, 'owner', { name: 'Nina' })]);
    const storage = { storage: { _lang: 'cn', token: 't', userInfo: { id: 1, name: 'Olive' } } };
    const { container, platform } = await renderPage(MerchantMembersPage, { ...storage, api: a });
    await waitFor(() => getByText(container, 'Nina · 店主'));
    expect(container.querySelector('[aria-label="移除: Nina"]')).not.toBeNull();
    // Meanwhile Nina left on her phone: Olive is the last owner now, which this screen has not read yet. The server
    // refuses in the language the app asked in (Accept-Language).
    fake.setMembers(startingMembers());
    a.merchant.removeMember.mockRejectedValueOnce(new ApiError(ErrorCode.Failed, '不能移除餐厅的最后一位店主'));
    await click(container.querySelector<HTMLElement>('[aria-label="移除: Olive"]')!);
    await waitFor(() => expect(platform.feedback.toast).toHaveBeenCalledWith('不能移除餐厅的最后一位店主', 'error'));
    await waitFor(() => expect(queryByText(container, 'Nina · 店主')).toBeNull());
    expect(getByText(container, 'Olive · 店主')).toBeTruthy();
    expect(container.querySelector('[aria-label="移除: Olive"]')).toBeNull();
  });

  it('members: nothing is removed when the confirmation is declined', async () => {
    const a = api();
    const { container } = await renderPage(MerchantMembersPage, { ...en, api: a, confirm: false });
    await waitFor(() => getByText(container, 'Sam · Staff'));
    await click(container.querySelector<HTMLElement>('[aria-label="Remove: Sam"]')!);
    expect(a.merchant.removeMember).not.toHaveBeenCalled();
  });
});
