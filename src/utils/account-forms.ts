/**
 * The checks a form makes before sending (spec §5), each failing field with the key of its message. The server
 * checks the same rules (types/validation) and has the last word.
 */
import type { MessageKey } from '../i18n';
import { isEmail, isPassword, isPhone, isSmsCode, passwordsMatch } from './validators';

export type FormErrors<F extends string> = Partial<Record<F, MessageKey>>;

/** The first failing field's message, in the form's order (for the toast). */
export function firstError<F extends string>(errors: FormErrors<F>, order: readonly F[]): MessageKey | undefined {
  for (const field of order) if (errors[field]) return errors[field];
  return undefined;
}

const blank = (s: string) => s.trim() === '';

export interface LoginForm {
  email: string;
  password: string;
}
export const LOGIN_FIELDS = ['email', 'password'] as const;

export function loginErrors(f: LoginForm): FormErrors<(typeof LOGIN_FIELDS)[number]> {
  return {
    email: blank(f.email) ? 'auth.error_email_empty' : !isEmail(f.email) ? 'auth.error_email' : undefined,
    password: f.password === '' ? 'auth.error_password' : undefined,
  };
}

export interface RegisterForm {
  name: string;
  phone: string;
  email: string;
  password: string;
  confirm: string;
  areaId: number;
  buildingId: number;
  buildingNo: string;
  roomNo: string;
}
export const REGISTER_FIELDS = ['name', 'phone', 'email', 'password', 'confirm', 'address', 'roomNo'] as const;

export function registerErrors(f: RegisterForm): FormErrors<(typeof REGISTER_FIELDS)[number]> {
  return {
    name: blank(f.name) ? 'register.error_name' : undefined,
    phone: !isPhone(f.phone) ? 'register.error_phone' : undefined,
    email: blank(f.email) ? 'register.error_email_empty' : !isEmail(f.email) ? 'register.error_email' : undefined,
    password: !isPassword(f.password) ? 'register.error_password' : undefined,
    confirm: !passwordsMatch(f.password, f.confirm) ? 'register.error_confirm' : undefined,
    address: !f.areaId || !f.buildingId ? 'register.error_address' : undefined,
    roomNo: blank(f.roomNo) ? 'register.error_room' : undefined,
  };
}

export interface ResetForm {
  phone: string;
  code: string;
  password: string;
  confirm: string;
}
export const RESET_FIELDS = ['phone', 'code', 'password', 'confirm'] as const;

export function resetPhoneError(phone: string): MessageKey | undefined {
  return isPhone(phone) ? undefined : 'reset.error_phone';
}

export function resetErrors(f: ResetForm): FormErrors<(typeof RESET_FIELDS)[number]> {
  return {
    phone: resetPhoneError(f.phone),
    code: !isSmsCode(f.code) ? 'reset.error_code' : undefined,
    password: !isPassword(f.password) ? 'reset.error_password' : undefined,
    confirm: !passwordsMatch(f.password, f.confirm) ? 'reset.error_confirm' : undefined,
  };
}

export interface AddressForm {
  name: string;
  phone: string;
  areaId: number;
  buildingId: number;
  buildingNo: string;
  roomNo: string;
}
export const ADDRESS_FIELDS = ['name', 'phone', 'address', 'roomNo'] as const;

export function addressErrors(f: AddressForm): FormErrors<(typeof ADDRESS_FIELDS)[number]> {
  return {
    name: blank(f.name) ? 'address.error_name' : undefined,
    phone: !isPhone(f.phone) ? 'address.error_phone' : undefined,
    address: !f.areaId || !f.buildingId ? 'address.error_place' : undefined,
    roomNo: blank(f.roomNo) ? 'address.error_room' : undefined,
  };
}

/** True when the checks found nothing. */
export const isValid = (errors: Record<string, unknown>) => Object.values(errors).every((e) => !e);
