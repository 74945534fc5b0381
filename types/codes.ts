/**
 * The scannable codes the server draws (GET /api/szeat/qrcode): the mini program (its code from WeChat, or a QR of
 * the H5 site in the sandbox; with a restaurant id it opens that restaurant), Contact Us and How To Join (configured
 * images or links), and a restaurant's own H5 link. Shared by the app and the server.
 */
export const QR_KINDS = ['miniprogram', 'contact', 'merchant', 'restaurant'] as const;
export type QrKind = (typeof QR_KINDS)[number];

export const QR_FORMATS = ['png', 'svg'] as const;
export type QrFormat = (typeof QR_FORMATS)[number];

/** The `scene` of a restaurant's mini program code (at most 32 characters, WeChat's limit): `r=<id>`. */
export const restaurantScene = (id: number) => `r=${id}`;

/** The restaurant a launch `scene` names (URL-decoded or not), or undefined. */
export function restaurantOfScene(scene: string | undefined): number | undefined {
  if (!scene) return undefined;
  let decoded = scene;
  try {
    decoded = decodeURIComponent(scene);
  } catch {
    // a malformed escape: read it as it is
  }
  const m = /^r=([1-9]\d{0,9})$/.exec(decoded.trim());
  const id = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(id) && id <= 2147483647 ? id : undefined;
}
