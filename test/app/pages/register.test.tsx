/** /register: every field, the specification's messages before sending, the address from areas and buildings. */
import RegisterPage from '../../../src/screens/account/register';
import { ApiError } from '../../../src/services';
import { AREAS, authResult, BUILDINGS, choosePlace, fieldError, optionIn, typeInto, USER } from '../support/forms';
import { fakeApi, renderPage, withAccountDefaults } from '../support/page';
import { click, fill as fillInput, getBySelector, getByText, inputSelector, waitFor } from '../support/render';
import { feedbackTiming } from '../../../src/utils/pause';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

// The pause that lets a success toast be seen before the screen changes is tested once, in login.test.tsx.
beforeAll(() => {
  feedbackTiming.successPauseMs = 0;
});

function api() {
  const a = withAccountDefaults(fakeApi());
  a.places.areas.mockResolvedValue(AREAS);
  a.places.buildings.mockImplementation(async (q) => BUILDINGS[q.area_id ?? 0] ?? []);
  a.accounts.reg.mockResolvedValue(authResult('tok-new', { ...USER, name: 'Han Meimei', nickname: 'Han Meimei' }));
  a.accounts.me.mockResolvedValue({ ...USER, name: 'Han Meimei', nickname: 'Han Meimei' });
  return a;
}

async function fill(container: Element) {
  await typeInto(container, 'name', 'Han Meimei');
  await typeInto(container, 'phone', '13900139000');
  await typeInto(container, 'email', 'han@example.com');
  await typeInto(container, 'password', 'secret-123');
  await typeInto(container, 'confirm', 'secret-123');
  await choosePlace(container, 'Nanshan', 'Sea View Garden');
  await typeInto(container, 'building-no', 'B');
  await typeInto(container, 'room-no', '1203');
}

describe('register page', () => {
  it("shows the specification's messages for every bad field before sending", async () => {
    const { container, platform, api: a } = await renderPage(RegisterPage, { api: api(), storage: { _lang: 'en' } });
    expect(platform.setTitle).toHaveBeenCalledWith('Sign Up');
    await typeInto(container, 'phone', '2380013800');
    await typeInto(container, 'email', 'han@');
    await typeInto(container, 'password', '1234567');
    await typeInto(container, 'confirm', '7654321');
    await click(getBySelector(container, '.register__submit'));
    expect(fieldError(container, 'name')).toBe('Please enter your user name');
    expect(fieldError(container, 'phone')).toBe('Please enter an 11-digit mobile number starting with 1');
    expect(fieldError(container, 'email')).toBe('Please enter a valid email');
    expect(fieldError(container, 'password')).toBe('Password must be at least 8 characters');
    expect(fieldError(container, 'confirm')).toBe('Passwords do not match');
    expect(fieldError(container, 'area')).toBe('Please select an address');
    expect(fieldError(container, 'room-no')).toBe('Please enter the room number');
    expect(platform.feedback.toast).toHaveBeenCalledWith('Please enter your user name');
    expect(a.accounts.reg).not.toHaveBeenCalled();
    // A message goes as soon as its field is right; the others stay.
    await typeInto(container, 'phone', '13900139000');
    expect(fieldError(container, 'phone')).toBeNull();
    expect(fieldError(container, 'name')).toBe('Please enter your user name');
  });

  it('an empty e-mail: "Email cannot be empty"; a chosen area still needs a building', async () => {
    const { container } = await renderPage(RegisterPage, { api: api(), storage: { _lang: 'en' } });
    await click(getBySelector(container, '.place-picker__area'));
    await waitFor(() => optionIn(container, '.place-picker__areas', 'Futian'));
    await click(optionIn(container, '.place-picker__areas', 'Futian'));
    await click(getBySelector(container, '.register__submit'));
    expect(fieldError(container, 'email')).toBe('Email cannot be empty');
    expect(fieldError(container, 'area')).toBeNull();
    expect(fieldError(container, 'building')).toBe('Please select an address');
  });

  it('lists areas by city and the buildings of the chosen area', async () => {
    const { container, api: a } = await renderPage(RegisterPage, { api: api(), storage: { _lang: 'en' } });
    // No building before an area: the tap opens the areas.
    await click(getBySelector(container, '.place-picker__building'));
    await waitFor(() => getBySelector(container, '.place-picker__areas'));
    const titles = Array.from(container.querySelectorAll('.place-picker__areas .option-sheet__group-title')).map(
      (e) => e.textContent,
    );
    expect(titles).toEqual(['Shenzhen', 'Huizhou']);
    await click(optionIn(container, '.place-picker__areas', 'Nanshan'));
    expect(getBySelector(container, '.place-picker__area').textContent).toContain('Shenzhen · Nanshan');
    await click(getBySelector(container, '.place-picker__building'));
    await waitFor(() => optionIn(container, '.place-picker__buildings', 'Tower One'));
    expect(a.places.buildings).toHaveBeenCalledWith({ area_id: 11 });
    expect(getByText(container, '8 Houhai Avenue')).toBeTruthy();
    // The filter box narrows the list.
    const filter = (await waitFor(
      () => getBySelector(container, inputSelector('.option-sheet__filter-input')),
      3000,
    )) as HTMLInputElement;
    await fillInput(filter, 'sea');
    expect(container.querySelectorAll('.place-picker__buildings .option-sheet__option')).toHaveLength(1);
    await click(optionIn(container, '.place-picker__buildings', 'Sea View Garden'));
    expect(getBySelector(container, '.place-picker__building').textContent).toContain('Sea View Garden');
    // Another area drops the building.
    await click(getBySelector(container, '.place-picker__area'));
    await click(optionIn(container, '.place-picker__areas', 'Futian'));
    expect(getBySelector(container, '.place-picker__building').textContent).toContain('Choose a building');
  });

  it('registers: sends every field, Registration Successful, logged in, home', async () => {
    const {
      container,
      platform,
      api: a,
      store,
    } = await renderPage(RegisterPage, { api: api(), storage: { _lang: 'en' } });
    await fill(container);
    await click(getBySelector(container, '.register__submit'));
    await waitFor(() => expect(platform.navigation.replace).toHaveBeenCalledWith('home'));
    expect(a.accounts.reg).toHaveBeenCalledWith({
      name: 'Han Meimei',
      phone: '13900139000',
      email: 'han@example.com',
      password: 'secret-123',
      confirm_password: 'secret-123',
      area_id: 11,
      building_id: 102,
      building_no: 'B',
      room_no: '1203',
    });
    expect(platform.feedback.toast).toHaveBeenCalledWith('Registration Successful', 'success');
    expect(store.session.token).toBe('tok-new');
    expect(store.session.displayName).toBe('Han Meimei');
  });

  it("shows the server's message (e.g. e-mail taken) and stays", async () => {
    const a = api();
    a.accounts.reg.mockRejectedValue(new ApiError(1005, 'This e-mail is already registered'));
    const { container, platform, store } = await renderPage(RegisterPage, { api: a, storage: { _lang: 'en' } });
    await fill(container);
    await click(getBySelector(container, '.register__submit'));
    await waitFor(() =>
      expect(platform.feedback.toast).toHaveBeenCalledWith('This e-mail is already registered', 'error'),
    );
    expect(store.session.isLoggedIn).toBe(false);
    expect(platform.navigation.replace).not.toHaveBeenCalled();
  });

  it('in Chinese: 注册成功', async () => {
    const { container, platform } = await renderPage(RegisterPage, { api: api(), storage: { _lang: 'cn' } });
    await click(getBySelector(container, '.register__submit'));
    expect(fieldError(container, 'phone')).toBe('请输入以1开头的11位手机号码');
    expect(fieldError(container, 'password')).toBe('请输入至少8位密码');
    await fill(container);
    await click(getBySelector(container, '.register__submit'));
    await waitFor(() => expect(platform.feedback.toast).toHaveBeenCalledWith('注册成功', 'success'));
  });
});
