/** Article 42 is the "What Do We Do" page the footer links to (spec §9). */
export const ABOUT_ARTICLE_ID = 42;
/** The footer's Sponsorship link opens this article (seeded). */
export const SPONSORSHIP_ARTICLE_ID = 46;
/** The demo's Contact Us code opens this article (seeded; config/codes.ts DEMO_CODES). */
export const CONTACT_ARTICLE_ID = 47;
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
/** Ratings (spec §3, DESIGN §5): up to this many photos per rating; a comment of at most this many characters. */
export const RATING_PHOTOS_MAX = 6;
export const RATING_COMMENT_MAX = 500;
/**
 * Review photos (spec §5 upload rules, enforced by the app before sending and by the server on the bytes): these
 * extensions, at most this many KB (the server's UPLOAD_MAX_KB defaults to the same). HEIC is listed because phones
 * name their pictures so; the server answers which formats it reads when it cannot read one.
 */
export const PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'heic', 'heif'] as const;
export const PHOTO_MAX_KB = 10240;
/** The multipart field the picture travels in (the server's UPLOAD_FIELD_NAME defaults to the same). */
export const PHOTO_FIELD_NAME = 'file';
/** The upload progress bar hides this long after success (spec §9). */
export const UPLOAD_PROGRESS_HIDE_MS = 1000;
