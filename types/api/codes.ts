import { Type, type Static } from '@sinclair/typebox';
import { QR_FORMATS, QR_KINDS } from '../codes';
import { OneOf } from './helpers';
import { Id } from './places';

export const QrCodeQuery = Type.Object({
  kind: OneOf(QR_KINDS),
  id: Type.Optional(Id),
  format: Type.Optional(OneOf(QR_FORMATS, { default: 'png' })),
});
export type QrCodeQuery = Static<typeof QrCodeQuery>;

/** How to reach szeat (Contact Us) or apply as a restaurant (How To Join): a code to scan, and/or words. */
export const ReachInfo = Type.Object({
  /** The server has a code to show (qrcode?kind=contact|merchant answers a picture). */
  qr: Type.Boolean(),
  /** A phone number to call, '' when not configured. */
  phone: Type.String(),
  /** A WeChat ID to add, '' when not configured. */
  wechat_id: Type.String(),
});
export type ReachInfo = Static<typeof ReachInfo>;

/** What the site's footer and its dialogs show (siteinfo). */
export const SiteInfo = Type.Object({
  contact: ReachInfo,
  merchant: ReachInfo,
  /** The ICP filing number, '' when not configured (the footer then has no filing line). */
  icp_filing: Type.String(),
});
export type SiteInfo = Static<typeof SiteInfo>;
