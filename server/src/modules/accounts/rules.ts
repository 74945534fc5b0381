import type { RegisterBody } from '../../../../types/api/accounts';
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../../../../types/constants';
import { isEmail, isPhone, isSmsCode } from '../../../../types/validation';
import { invalidField } from '../../errors';
import { checkAddressFields, type CleanAddress } from '../addresses/rules';

/** Field rules of the account forms, in the forms' order: the first bad field answers 1003 naming it. */

export function checkPhone(value: string, field = 'phone'): string {
  const phone = value.trim();
  if (!phone) throw invalidField(field, 'account.phone_required');
  if (!isPhone(phone)) throw invalidField(field, 'account.phone_invalid');
  return phone;
}

/** Trimmed and lower-cased (e-mails are unique whatever their case). */
export function checkEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (!email) throw invalidField('email', 'account.email_required');
  if (!isEmail(email) || email.length > 254) throw invalidField('email', 'account.email_invalid');
  return email;
}

/** Password and its confirmation; the password is taken as typed (spaces count). */
export function checkNewPassword(password: string, confirm: string): string {
  if (!password) throw invalidField('password', 'account.password_required');
  if (password.length < PASSWORD_MIN)
    throw invalidField('password', 'account.password_too_short', { min: PASSWORD_MIN });
  if (password.length > PASSWORD_MAX)
    throw invalidField('password', 'account.password_too_long', { max: PASSWORD_MAX });
  if (!confirm) throw invalidField('confirm_password', 'account.confirm_required');
  if (password !== confirm) throw invalidField('confirm_password', 'account.password_mismatch');
  return password;
}

export function checkSmsCode(value: string): string {
  const code = value.trim();
  if (!code) throw invalidField('code', 'sms.code_required');
  if (!isSmsCode(code)) throw invalidField('code', 'sms.code_format');
  return code;
}

export interface CleanRegistration {
  name: string;
  phone: string;
  email: string;
  password: string;
  address: CleanAddress;
}

export function checkRegistration(body: RegisterBody): CleanRegistration {
  const name = body.name.trim();
  if (!name) throw invalidField('name', 'account.name_required');
  if ([...name].length > NAME_MAX) throw invalidField('name', 'account.name_too_long', { max: NAME_MAX });
  const phone = checkPhone(body.phone);
  const email = checkEmail(body.email);
  const password = checkNewPassword(body.password, body.confirm_password);
  const address = checkAddressFields(body);
  return { name, phone, email, password, address };
}
