/** Article 42 is the "What Do We Do" page the footer links to (spec §9). */
export const ABOUT_ARTICLE_ID = 42;
/** Password length bounds (spec §9: minimum 8; the maximum keeps hashing cheap). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PHONE_LENGTH = 11;
