import { PASSWORD_MAX, PASSWORD_MIN } from './constants';

/**
 * The input rules shared by the app (before sending) and the server (which decides). Pure functions, no TypeBox,
 * so the app can bundle them.
 */

/** An 11-digit China mobile number starting with 1 (spec §5). */
export const isPhone = (value: string): boolean => /^1\d{10}$/.test(value.trim());

/**
 * The specification's e-mail helper: letters, digits, dot, underscore or hyphen before @, a domain, and a final
 * part of 2 to 6 letters.
 */
export const isEmail = (value: string): boolean =>
  /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,6}$/.test(value.trim());

/** At least 8 characters (spec §9), at most 128. */
export const isPassword = (value: string): boolean => value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX;

export const passwordsMatch = (password: string, confirm: string): boolean => password === confirm;

/** A 6-digit SMS code. */
export const isSmsCode = (value: string): boolean => /^\d{6}$/.test(value.trim());
