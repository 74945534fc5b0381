import type { AuthResult, UserInfo } from '../../../types/api/accounts';
import type { Address } from '../../../types/api/addresses';
import type { AreaList, Building } from '../../../types/api/places';
import { click, fill, getBySelector, inputSelector, waitFor } from './render';

/** Types into the input of a form field (`.form-input--<name>`), as a person would. */
export async function typeInto(container: Element, name: string, value: string) {
  const input = (await waitFor(
    () => getBySelector(container, inputSelector(`.form-input--${name}`)),
    3000,
  )) as HTMLInputElement;
  await fill(input, value);
}

/** The message under a form field, or null. */
export function fieldError(container: Element, name: string): string | null {
  return container.querySelector(`.form-field--${name} .form-field__error`)?.textContent ?? null;
}

/** Chooses an area, then a building, in the place picker's sheets. */
export async function choosePlace(container: Element, area: string, building: string) {
  await click(getBySelector(container, '.place-picker__area'));
  await waitFor(() => optionIn(container, '.place-picker__areas', area), 3000);
  await click(optionIn(container, '.place-picker__areas', area));
  await click(getBySelector(container, '.place-picker__building'));
  await waitFor(() => optionIn(container, '.place-picker__buildings', building), 3000);
  await click(optionIn(container, '.place-picker__buildings', building));
}

export function optionIn(container: Element, sheet: string, label: string): HTMLElement {
  const options = Array.from(container.querySelectorAll<HTMLElement>(`${sheet} .option-sheet__option`));
  const found = options.find((o) => o.querySelector('.option-sheet__label')?.textContent === label);
  if (!found) throw new Error(`No option ${label} in ${sheet}`);
  return found;
}

export const USER: UserInfo = {
  id: 7,
  name: 'Li Lei',
  nickname: 'Li Lei',
  phone: '13800138000',
  email: 'li@example.com',
  wallet_balance_fen: 1250,
  language: 'en',
  default_address: null,
  has_password: true,
  wechat: { mp: false, oa: false },
  memberships: [],
};

export const authResult = (token = 'tok-1', user: UserInfo = USER): AuthResult => ({
  access_token: token,
  expires_at: Date.UTC(2030, 0, 1),
  user,
  is_new: false,
  wechat_linked: false,
});

export const AREAS: AreaList = [
  {
    id: 1,
    code: 'shenzhen',
    name: 'Shenzhen',
    lat: 22.54,
    lng: 114.06,
    areas: [
      { id: 11, city_id: 1, name: 'Nanshan', lat: 22.53, lng: 113.93 },
      { id: 12, city_id: 1, name: 'Futian', lat: 22.54, lng: 114.05 },
    ],
  },
  {
    id: 2,
    code: 'huizhou',
    name: 'Huizhou',
    lat: 23.1,
    lng: 114.4,
    areas: [{ id: 21, city_id: 2, name: 'Silver Beach', lat: 22.7, lng: 114.8 }],
  },
];

export const BUILDINGS: Record<number, Building[]> = {
  11: [
    { id: 101, area_id: 11, city_id: 1, name: 'Tower One', address: '1 Keyuan Road', lat: 22.53, lng: 113.93 },
    { id: 102, area_id: 11, city_id: 1, name: 'Sea View Garden', address: '8 Houhai Avenue', lat: 22.52, lng: 113.94 },
  ],
  12: [{ id: 201, area_id: 12, city_id: 1, name: 'Civic Plaza', address: '1 Fuzhong Road', lat: 22.54, lng: 114.05 }],
  21: [],
};

export function address(id: number, extra: Partial<Address> = {}): Address {
  return {
    id,
    name: 'Li Lei',
    phone: '13800138000',
    city_id: 1,
    city_name: 'Shenzhen',
    area_id: 11,
    area_name: 'Nanshan',
    building_id: 101,
    building_name: 'Tower One',
    building_address: '1 Keyuan Road',
    building_no: '',
    room_no: `${id}01`,
    lat: 22.53,
    lng: 113.93,
    is_default: false,
    created_at: 0,
    updated_at: 0,
    ...extra,
  };
}
