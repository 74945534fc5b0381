/** The input rules are the API contract's, so the app checks exactly what the server checks. */
export { isEmail, isPassword, isPhone, isSmsCode, passwordsMatch } from '../../types/validation';
