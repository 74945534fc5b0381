/** The address book (list, add, edit, delete, set default) and the user centre around it. */
import AddressEditPage from '../../../src/screens/account/address-edit';
import AddressesPage from '../../../src/screens/account/addresses';
import MinePage from '../../../src/screens/main/mine';
import { ApiError } from '../../../src/services';
import { RootStore, StoreProvider } from '../../../src/stores';
import { fakePlatform } from '../support/fake-platform';
import { address, AREAS, BUILDINGS, choosePlace, fieldError, typeInto, USER } from '../support/forms';
import { fakeApi, renderPage, withAccountDefaults } from '../support/page';
import { click, getBySelector, getByText, inputSelector, queryByText, render, waitFor } from '../support/render';
import { feedbackTiming } from '../../../src/utils/pause';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

// The pause that lets a success toast be seen before the screen changes is tested once, in login.test.tsx.
beforeAll(() => {
  feedbackTiming.successPauseMs = 0;
});

const loggedIn = { _lang: 'en', token: 'tok', userInfo: USER };

function api() {
  const a = withAccountDefaults(fakeApi());
  a.places.areas.mockResolvedValue(AREAS);
  a.places.buildings.mockImplementation(async (q) => BUILDINGS[q.area_id ?? 0] ?? []);
  a.addresses.list.mockResolvedValue({
    list: [
      address(1, { is_default: true }),
      address(2, { area_name: 'Futian', building_name: 'Civic Plaza', building_no: 'B', room_no: '808' }),
    ],
  });
  a.addresses.setDefault.mockResolvedValue(address(2, { is_default: true }));
  a.addresses.remove.mockResolvedValue(null);
  a.addresses.save.mockImplementation(async (body) => address(body.id ?? 9));
  a.addresses.get.mockResolvedValue(
    address(2, { area_id: 12, area_name: 'Futian', building_id: 201, building_name: 'Civic Plaza', room_no: '808' }),
  );
  return a;
}

const items = (c: Element) => Array.from(c.querySelectorAll<HTMLElement>('.address-item'));

describe('address book', () => {
  it('lists the addresses, the default marked, with their lines', async () => {
    const { container, platform } = await renderPage(AddressesPage, { api: api(), storage: loggedIn });
    await waitFor(() => expect(items(container)).toHaveLength(2));
    expect(platform.setTitle).toHaveBeenCalledWith('Address book');
    const [first, second] = items(container);
    expect(first!.className).toContain('address-item--default');
    expect(getByText(first!, 'Default')).toBeTruthy();
    expect(getByText(first!, 'Nanshan · Tower One · 101')).toBeTruthy();
    expect(queryByText(first!, 'Set as default')).toBeNull();
    expect(getByText(second!, 'Futian · Civic Plaza · B · 808')).toBeTruthy();
    expect(getByText(second!, 'Set as default')).toBeTruthy();
  });

  it('set default: calls the API, says so, reloads the list', async () => {
    const a = api();
    const { container, platform } = await renderPage(AddressesPage, { api: a, storage: loggedIn });
    await waitFor(() => expect(items(container)).toHaveLength(2));
    a.addresses.list.mockResolvedValue({ list: [address(2, { is_default: true }), address(1)] });
    await click(getByText(items(container)[1]!, 'Set as default'));
    await waitFor(() => expect(a.addresses.list).toHaveBeenCalledTimes(2));
    expect(a.addresses.setDefault).toHaveBeenCalledWith(2);
    expect(platform.feedback.toast).toHaveBeenCalledWith('Default address set', 'success');
    await waitFor(() => expect(items(container)[0]!.className).toContain('address-item--default'));
    expect(getByText(items(container)[0]!, 'Nanshan · Tower One · 201')).toBeTruthy();
  });

  it('delete asks first; no is no', async () => {
    const a = api();
    const { container, platform } = await renderPage(AddressesPage, { api: a, storage: loggedIn, confirm: false });
    await waitFor(() => expect(items(container)).toHaveLength(2));
    await click(getByText(items(container)[1]!, 'Delete'));
    await waitFor(() =>
      expect(platform.feedback.confirm).toHaveBeenCalledWith('Delete this address?', {
        confirmText: 'Delete',
        cancelText: 'Cancel',
      }),
    );
    expect(a.addresses.remove).not.toHaveBeenCalled();
  });

  it('delete, confirmed: removes and reloads', async () => {
    const a = api();
    const { container, platform } = await renderPage(AddressesPage, { api: a, storage: loggedIn });
    await waitFor(() => expect(items(container)).toHaveLength(2));
    a.addresses.list.mockResolvedValue({ list: [address(1, { is_default: true })] });
    await click(getByText(items(container)[1]!, 'Delete'));
    await waitFor(() => expect(items(container)).toHaveLength(1));
    expect(a.addresses.remove).toHaveBeenCalledWith(2);
    expect(platform.feedback.toast).toHaveBeenCalledWith('Address deleted', 'success');
  });

  it("a failed action shows the server's message", async () => {
    const a = api();
    a.addresses.setDefault.mockRejectedValue(new ApiError(1004, 'Address not found'));
    const { container, platform } = await renderPage(AddressesPage, { api: a, storage: loggedIn });
    await waitFor(() => expect(items(container)).toHaveLength(2));
    await click(getByText(items(container)[1]!, 'Set as default'));
    await waitFor(() => expect(platform.feedback.toast).toHaveBeenCalledWith('Address not found', 'error'));
  });

  it('add and edit open the edit screen', async () => {
    const { container, platform } = await renderPage(AddressesPage, { api: api(), storage: loggedIn });
    await waitFor(() => expect(items(container)).toHaveLength(2));
    await click(getByText(container, 'Add address'));
    await click(getByText(items(container)[1]!, 'Edit'));
    expect(platform.navigation.go.mock.calls).toEqual([['addressEdit'], ['addressEdit', { id: 2 }]]);
  });

  it('empty, and logged out', async () => {
    const a = api();
    a.addresses.list.mockResolvedValue({ list: [] });
    const view = await renderPage(AddressesPage, { api: a, storage: loggedIn });
    await waitFor(() => getByText(view.container, 'No addresses yet. Add one.'));
    await view.unmount();
    const out = await renderPage(AddressesPage, { api: a, storage: { _lang: 'en' } });
    expect(getByText(out.container, 'Log in to manage your addresses')).toBeTruthy();
    await click(getBySelector(out.container, '.login-prompt__action'));
    expect(out.platform.navigation.go).toHaveBeenCalledWith('login', { isBack: 1 });
  });
});

describe('address edit', () => {
  it('new: starts from the customer, checks before sending, saves and goes back', async () => {
    const a = api();
    const { container, platform } = await renderPage(AddressEditPage, { api: a, storage: loggedIn });
    expect(platform.setTitle).toHaveBeenCalledWith('New address');
    await waitFor(() => getBySelector(container, '.address-edit__save'));
    const name = await waitFor(() => getBySelector(container, inputSelector('.form-input--name')) as HTMLInputElement);
    expect(name.value).toBe('Li Lei');
    await typeInto(container, 'phone', '123');
    await click(getBySelector(container, '.address-edit__save'));
    expect(fieldError(container, 'phone')).toBe('Please enter an 11-digit mobile number starting with 1');
    expect(fieldError(container, 'area')).toBe('Please select an address');
    expect(fieldError(container, 'room-no')).toBe('Please enter the room number');
    expect(a.addresses.save).not.toHaveBeenCalled();

    await typeInto(container, 'phone', '13900139000');
    await choosePlace(container, 'Nanshan', 'Tower One');
    await typeInto(container, 'room-no', '1502');
    await click(getBySelector(container, '.address-edit__default'));
    await click(getBySelector(container, '.address-edit__save'));
    await waitFor(() => expect(platform.navigation.back).toHaveBeenCalledTimes(1));
    expect(a.addresses.save).toHaveBeenCalledWith({
      name: 'Li Lei',
      phone: '13900139000',
      area_id: 11,
      building_id: 101,
      building_no: '',
      room_no: '1502',
      is_default: true,
    });
    expect(platform.feedback.toast).toHaveBeenCalledWith('Address saved', 'success');
  });

  it('edit: loads the address, shows its place, saves it under its id', async () => {
    const a = api();
    const { container, platform } = await renderPage(AddressEditPage, {
      api: a,
      storage: loggedIn,
      params: { id: '2' },
    });
    await waitFor(() =>
      expect((getBySelector(container, inputSelector('.form-input--room-no')) as HTMLInputElement).value).toBe('808'),
    );
    expect(a.addresses.get).toHaveBeenCalledWith(2);
    expect(platform.setTitle).toHaveBeenCalledWith('Edit address');
    await waitFor(() =>
      expect(getBySelector(container, '.place-picker__area').textContent).toContain('Shenzhen · Futian'),
    );
    expect(getBySelector(container, '.place-picker__building').textContent).toContain('Civic Plaza');
    await typeInto(container, 'room-no', '909');
    await click(getBySelector(container, '.address-edit__save'));
    await waitFor(() => expect(a.addresses.save).toHaveBeenCalledTimes(1));
    expect(a.addresses.save.mock.calls[0]![0]).toMatchObject({ id: 2, area_id: 12, building_id: 201, room_no: '909' });
    expect(a.addresses.save.mock.calls[0]![0]).not.toHaveProperty('is_default');
  });

  it("a refused save shows the server's message and stays", async () => {
    const a = api();
    a.addresses.save.mockRejectedValue(new ApiError(1003, 'The building is not in this area'));
    const { container, platform } = await renderPage(AddressEditPage, {
      api: a,
      storage: loggedIn,
      params: { id: '2' },
    });
    await waitFor(() =>
      expect((getBySelector(container, inputSelector('.form-input--room-no')) as HTMLInputElement).value).toBe('808'),
    );
    await click(getBySelector(container, '.address-edit__save'));
    await waitFor(() =>
      expect(platform.feedback.toast).toHaveBeenCalledWith('The building is not in this area', 'error'),
    );
    expect(platform.navigation.back).not.toHaveBeenCalled();
  });
});

describe('user centre (mine)', () => {
  it('shows the profile, balance and default address, refreshed from `me` when shown', async () => {
    const a = api();
    a.accounts.me.mockResolvedValue({
      ...USER,
      nickname: 'Lei',
      wallet_balance_fen: 2050,
      default_address: address(1, { is_default: true }),
    });
    const { container, platform } = await renderPage(MinePage, { api: a, storage: loggedIn });
    await waitFor(() => getByText(container, 'Hello, Lei'));
    expect(a.accounts.me).toHaveBeenCalledTimes(1);
    expect(platform.setTitle).toHaveBeenCalledWith('User Center');
    expect(getByText(container, '13800138000')).toBeTruthy();
    expect(getByText(container, 'li@example.com')).toBeTruthy();
    expect(getByText(container, '¥20.5')).toBeTruthy();
    expect(getByText(container, 'Nanshan · Tower One · 101')).toBeTruthy();
  });

  it('entries: orders, address book, wallet and vouchers', async () => {
    const { container, platform } = await renderPage(MinePage, { api: api(), storage: loggedIn });
    await click(getByText(container, 'My orders'));
    await click(getByText(container, 'Address book'));
    await click(getByText(container, 'Wallet'));
    await click(getByText(container, 'Vouchers'));
    expect(platform.navigation.go.mock.calls).toEqual([['orders'], ['addresses'], ['wallet'], ['vouchers']]);
    expect(getByText(container, 'No default address yet. Tap to add one.')).toBeTruthy();
  });

  it('Log Out revokes the token, logs out and goes home', async () => {
    const a = api();
    const { container, platform, store } = await renderPage(MinePage, { api: a, storage: loggedIn });
    await click(getBySelector(container, '.mine__logout'));
    expect(store.session.isLoggedIn).toBe(false);
    expect(a.accounts.logout).toHaveBeenCalledWith('tok');
    expect(platform.navigation.replace).toHaveBeenCalledWith('home');
  });

  it('a session the server ended (1002 from me, through the real client) shows the logged-out centre', async () => {
    const platform = fakePlatform({
      storage: loggedIn,
      respond: () => ({ statusCode: 401, data: { code: 1002, msg: 'Please log in again', data: null } }),
    });
    const store = new RootStore({ platform, apiBase: '' });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { container } = await render(
      <StoreProvider store={store}>
        <MinePage />
      </StoreProvider>,
    );
    await waitFor(() => getByText(container, 'Log in to manage your orders, addresses, wallet and vouchers'));
    // The voucher count is asked beside `me` (and the footer's contact details, siteinfo); the console entry needs
    // no call of its own (`me` carries the memberships); only one logout follows.
    const calls = platform.requests.map((r) => r.url);
    expect(calls.filter((u) => !/allavailablecouponscount|siteinfo/.test(u))).toEqual(['/api/szeat/me']);
    expect(platform.storage.data.has('token')).toBe(false);
    warn.mockRestore();
  });
});
