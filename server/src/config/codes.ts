import fs from 'node:fs';
import path from 'node:path';
import { Type } from '@sinclair/typebox';

/**
 * Configuration of the scannable codes the app shows (Contact Us, How To Join, the mini program code). Spread into
 * the schema in index.ts; documented in `.env.example`. Each configurable code is either an image file (a code made
 * elsewhere, e.g. a WeChat customer-service contact card) or a link the server draws as a standard QR code.
 */
export const codesConfigSchema = {
  CONTACT_QR_IMAGE: Type.String({ default: '' }),
  CONTACT_QR_URL: Type.String({ default: '', pattern: '^(https?://\\S+)?$' }),
  MERCHANT_QR_IMAGE: Type.String({ default: '' }),
  MERCHANT_QR_URL: Type.String({ default: '', pattern: '^(https?://\\S+)?$' }),
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
