import type { SiteInfo } from '../../types/api/codes';
import type { QrKind } from '../../types/codes';
import type { Http } from './http';

/** The scannable codes: pictures the Image component loads from the server (GET qrcode), so addresses only. */
export function codesApi(http: Http) {
  return {
    /** The address of the code's picture (PNG; errors answer an envelope, which the Image reports as a load error). */
    qrcodeUrl: (kind: QrKind, id?: number) => http.url('qrcode', { kind, id }),
    /** Which footer codes exist, their phone and WeChat ID, and the ICP filing number. */
    siteInfo: () => http.get<SiteInfo>('siteinfo'),
  };
}

export type CodesApi = ReturnType<typeof codesApi>;
