import fs from 'node:fs';
import path from 'node:path';
import { Type } from '@sinclair/typebox';

/**
 * Configuration of the scannable codes the app shows (Contact Us, How To Join, the mini program code). Spread into
 * the schema in index.ts; documented in `.env.example`. Each configurable code is either an image file (a code made
 * elsewhere, e.g. a WeChat customer-service contact card) or a link the server draws as a standard QR code.
 */
const CODE_URL_PATTERN = '^((https?://|/)\\S+)?$';
const PHONE_PATTERN = '^([0-9+][0-9 -]{2,24})?$';
const WECHAT_ID_PATTERN = '^([A-Za-z][A-Za-z0-9_-]{5,19})?$';

export const codesConfigSchema = {
  CONTACT_QR_IMAGE: Type.String({ default: '' }),
  /** A link (https://...) or a page of this site (/article?id=47), drawn as a QR code. */
  CONTACT_QR_URL: Type.String({ default: '', pattern: CODE_URL_PATTERN }),
  MERCHANT_QR_IMAGE: Type.String({ default: '' }),
  MERCHANT_QR_URL: Type.String({ default: '', pattern: CODE_URL_PATTERN }),
  /** What Contact Us and How To Join say in words (under the code, or alone when there is none). */
  CONTACT_PHONE: Type.String({ default: '', pattern: PHONE_PATTERN }),
  CONTACT_WECHAT_ID: Type.String({ default: '', pattern: WECHAT_ID_PATTERN }),
  MERCHANT_PHONE: Type.String({ default: '', pattern: PHONE_PATTERN }),
  MERCHANT_WECHAT_ID: Type.String({ default: '', pattern: WECHAT_ID_PATTERN }),
  /** The ICP filing number shown in the site's footer (e.g. 粤ICP备2026000001号-1); empty: no filing line. */
  ICP_FILING: Type.String({ default: '', maxLength: 64 }),
  /** Which version of the mini program a getwxacodeunlimit code opens. */
  WECHAT_MP_ENV_VERSION: Type.Union([Type.Literal('release'), Type.Literal('trial'), Type.Literal('develop')], {
    default: 'release',
  }),
};

/** Picture types a configured code image may have (SVG is served under a CSP of its own). */
export const CODE_IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
};

/** A configured image must exist and be a picture; image and link are alternatives, not both. */
export function codesConfigProblems(c: Record<string, unknown>, resolve: (p: string) => string): string[] {
  const problems: string[] = [];
  for (const prefix of ['CONTACT', 'MERCHANT']) {
    const image = String(c[`${prefix}_QR_IMAGE`] ?? '');
    const url = String(c[`${prefix}_QR_URL`] ?? '');
    if (image && url) problems.push(`${prefix}_QR_IMAGE: set either ${prefix}_QR_IMAGE or ${prefix}_QR_URL, not both`);
    if (!image) continue;
    if (!CODE_IMAGE_TYPES[path.extname(image).toLowerCase()]) {
      problems.push(
        `${prefix}_QR_IMAGE: must be a ${Object.keys(CODE_IMAGE_TYPES).join(' ')} file (got ${JSON.stringify(image)})`,
      );
    } else if (!fs.existsSync(resolve(image)) || !fs.statSync(resolve(image)).isFile()) {
      problems.push(`${prefix}_QR_IMAGE: no such file (got ${JSON.stringify(image)})`);
    }
  }
  return problems;
}

/**
 * The demo's codes (NODE_ENV=development, the default of `npm start`, when a key is left empty): Contact Us opens the
 * seeded "Contact us" article, How To Join the seeded "How to join szeat" article, both pages of this site drawn as
 * QR codes. Production and tests show only what is configured.
 */
export const DEMO_CODES = {
  CONTACT_QR_URL: '/article?id=47',
  MERCHANT_QR_URL: '/article?id=43',
} as const;

export function withDemoCodes<C extends Record<string, unknown>>(c: C): C {
  if (c.NODE_ENV !== 'development') return c;
  const out: Record<string, unknown> = { ...c };
  for (const prefix of ['CONTACT', 'MERCHANT'] as const) {
    const key = `${prefix}_QR_URL` as const;
    if (!out[`${prefix}_QR_IMAGE`] && !out[key]) out[key] = DEMO_CODES[key];
  }
  return out as C;
}
