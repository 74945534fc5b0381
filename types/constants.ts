/** Article 42 is the "What Do We Do" page the footer links to (spec §9). */
export const ABOUT_ARTICLE_ID = 42;
/** Password length bounds (spec §9: minimum 8; the maximum keeps hashing cheap). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PHONE_LENGTH = 11;
/** Accounts and addresses: user and recipient names, building and room numbers, in characters. */
export const NAME_MAX = 32;
export const BUILDING_NO_MAX = 32;
export const ROOM_NO_MAX = 32;
/** Addresses one customer may keep. */
export const ADDRESSES_PER_USER_MAX = 20;
/** SMS codes: 6 digits, single use, valid 10 minutes, one send per phone per 60 s. */
export const SMS_CODE_TTL_SECONDS = 600;
export const SMS_RESEND_SECONDS = 60;
