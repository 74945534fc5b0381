/**
 * Issue 15: phone, e-mail and code fields open the right keyboard. In a browser the input is type tel / email with
 * its inputmode and autocomplete (never type=number, whose mouse wheel changes a phone number); in the mini program
 * the phone and the SMS code get the number pad (type number).
 */
import type { ComponentType } from 'react';
import AddressEditPage from '../../../src/screens/account/address-edit';
import ForgetPwdPage from '../../../src/screens/account/forgetpwd';
import LoginPage from '../../../src/screens/account/login';
import RegisterPage from '../../../src/screens/account/register';
import { AREAS, BUILDINGS, USER } from '../support/forms';
import { fakeApi, renderPage, withAccountDefaults } from '../support/page';
import { getBySelector, inputSelector, waitFor } from '../support/render';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

function api() {
  const a = withAccountDefaults(fakeApi());
  a.places.areas.mockResolvedValue(AREAS);
  a.places.buildings.mockImplementation(async (q) => BUILDINGS[q.area_id ?? 0] ?? []);
  a.addresses.list.mockResolvedValue({ list: [] });
  return a;
}

type Keyboard = { type: string; inputmode: string | null; autocomplete: string | null };
const TEL: Keyboard = { type: 'tel', inputmode: 'tel', autocomplete: 'tel' };
const EMAIL: Keyboard = { type: 'email', inputmode: 'email', autocomplete: 'email' };
const CODE: Keyboard = { type: 'text', inputmode: 'numeric', autocomplete: 'one-time-code' };

const SCREENS: [string, ComponentType, Record<string, Keyboard>][] = [
  ['login', LoginPage, { email: EMAIL }],
  ['register', RegisterPage, { phone: TEL, email: EMAIL }],
  ['forgetpwd', ForgetPwdPage, { phone: TEL, code: CODE }],
  ['address_edit', AddressEditPage, { phone: TEL }],
];

async function keyboardOf(container: Element, name: string): Promise<Keyboard> {
  const input = (await waitFor(() =>
    getBySelector(container, inputSelector(`.form-input--${name}`)),
  )) as HTMLInputElement;
  return {
    type: input.getAttribute('type') ?? '',
    inputmode: input.getAttribute('inputmode'),
    autocomplete: input.getAttribute('autocomplete'),
  };
}

describe('keyboards of phone, e-mail and code fields (issue 15)', () => {
  it.each(SCREENS)('%s, in a browser: type, inputmode and autocomplete', async (_name, Page, fields) => {
    const { container } = await renderPage(Page, {
      api: api(),
      storage: { _lang: 'en', token: 'tok', userInfo: USER },
    });
    for (const [field, keyboard] of Object.entries(fields)) {
      expect([field, await keyboardOf(container, field)]).toEqual([field, keyboard]);
    }
  });

  it.each(SCREENS)('%s, in the mini program: the number pad for a phone and a code', async (_name, Page, fields) => {
    const { container } = await renderPage(Page, {
      api: api(),
      isH5: false,
      storage: { _lang: 'en', token: 'tok', userInfo: USER },
    });
    for (const [field, keyboard] of Object.entries(fields)) {
      const expected = keyboard === EMAIL ? 'text' : 'number';
      expect([field, (await keyboardOf(container, field)).type]).toEqual([field, expected]);
    }
  });
});
