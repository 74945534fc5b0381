import {
  ADDRESS_FIELDS,
  addressErrors,
  firstError,
  isValid,
  loginErrors,
  REGISTER_FIELDS,
  registerErrors,
  resetErrors,
  resetPhoneError,
} from '../../../src/utils/account-forms';
import { addressLine } from '../../../src/utils/address';
import en from '../../../src/i18n/en.json';
import cn from '../../../src/i18n/cn.json';
import { createT, loadPack } from '../../../src/i18n';

// English is not bundled on H5 (test/app/i18n/lazy-language.test.tsx): here it is loaded first, as start-up does.
beforeAll(() => loadPack('en'));

const goodRegister = {
  name: 'Li Lei',
  phone: '13800138000',
  email: 'li@example.com',
  password: 'secret-123',
  confirm: 'secret-123',
  areaId: 3,
  buildingId: 12,
  buildingNo: '',
  roomNo: '1203',
};

describe('register checks (spec §5)', () => {
  it('passes a complete form (building number optional)', () => {
    expect(isValid(registerErrors(goodRegister))).toBe(true);
  });

  it('names every failing field with its message', () => {
    const errors = registerErrors({
      ...goodRegister,
      name: ' ',
      phone: '23800138000',
      email: 'li@',
      password: '1234567',
      confirm: 'x',
      areaId: 0,
      roomNo: '',
    });
    expect(errors).toEqual({
      name: 'register.error_name',
      phone: 'register.error_phone',
      email: 'register.error_email',
      password: 'register.error_password',
      confirm: 'register.error_confirm',
      address: 'register.error_address',
      roomNo: 'register.error_room',
    });
    expect(firstError(errors, REGISTER_FIELDS)).toBe('register.error_name');
  });

  it('an empty e-mail has its own message; a building is needed besides the area', () => {
    expect(registerErrors({ ...goodRegister, email: '' }).email).toBe('register.error_email_empty');
    expect(registerErrors({ ...goodRegister, buildingId: 0 }).address).toBe('register.error_address');
  });

  it("the messages say the specification's rules in both languages", () => {
    const t = createT('en');
    expect(t('register.error_phone')).toMatch(/11-digit.*starting with 1/);
    expect(t('register.error_password')).toMatch(/at least 8/);
    expect(en.register.success).toBe('Registration Successful');
    expect(cn.register.success).toBe('注册成功');
    expect(en.auth.success).toBe('Login Successful');
    expect(cn.auth.success).toBe('登录成功');
  });
});

describe('login checks', () => {
  it('needs an e-mail in the helper format and a password', () => {
    expect(loginErrors({ email: '', password: '' })).toEqual({
      email: 'auth.error_email_empty',
      password: 'auth.error_password',
    });
    expect(loginErrors({ email: 'li@example', password: 'x' })).toEqual({
      email: 'auth.error_email',
      password: undefined,
    });
    expect(isValid(loginErrors({ email: 'li@example.com', password: 'x' }))).toBe(true);
  });
});

describe('password reset checks (spec §5)', () => {
  it('incorrect phone, enter code, enter password, confirmed password must match', () => {
    expect(resetErrors({ phone: '138', code: '', password: '', confirm: 'x' })).toEqual({
      phone: 'reset.error_phone',
      code: 'reset.error_code',
      password: 'reset.error_password',
      confirm: 'reset.error_confirm',
    });
    expect(
      isValid(resetErrors({ phone: '13800138000', code: '123456', password: 'new-pass-1', confirm: 'new-pass-1' })),
    ).toBe(true);
    expect(resetPhoneError('13800138000')).toBeUndefined();
    expect(resetPhoneError('1380013800')).toBe('reset.error_phone');
    expect(en.reset.error_phone).toBe('Incorrect phone number');
  });
});

describe('address checks', () => {
  it('recipient, phone, a chosen building and a room', () => {
    const errors = addressErrors({ name: '', phone: '1', areaId: 1, buildingId: 0, buildingNo: '', roomNo: ' ' });
    expect(errors).toEqual({
      name: 'address.error_name',
      phone: 'address.error_phone',
      address: 'address.error_place',
      roomNo: 'address.error_room',
    });
    expect(firstError({ ...errors, name: undefined }, ADDRESS_FIELDS)).toBe('address.error_phone');
    expect(
      isValid(
        addressErrors({ name: 'Li', phone: '13800138000', areaId: 1, buildingId: 2, buildingNo: '', roomNo: '1' }),
      ),
    ).toBe(true);
  });

  it('reads an address as one line, skipping empty parts', () => {
    expect(addressLine({ area_name: 'Nanshan', building_name: 'Tower One', building_no: '', room_no: '1203' })).toBe(
      'Nanshan · Tower One · 1203',
    );
    expect(addressLine({ area_name: '南山', building_name: '一号楼', building_no: 'A座', room_no: '1203' })).toBe(
      '南山 · 一号楼 · A座 · 1203',
    );
  });
});
