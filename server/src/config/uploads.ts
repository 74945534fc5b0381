import { Type } from '@sinclair/typebox';
import { PHOTO_FIELD_NAME, PHOTO_MAX_KB } from '../../../types/constants';

/**
 * Configuration of customers' photos (uploadphoto) and of the content checks their ratings pass through. Spread into
 * the schema in config.ts; documented in `.env.example`. The defaults work offline: photos on local disk
 * (UPLOAD_DIR, served at /uploads/), the sandbox content check (WECHAT_MODE=sandbox).
 */
export const uploadsConfigSchema = {
  /** Where photos are kept: 'local' (UPLOAD_DIR) or 's3' (any S3-compatible object storage). */
  STORAGE: Type.Union([Type.Literal('local'), Type.Literal('s3')], { default: 'local' }),
  /** The largest picture accepted, in KB (spec §5), before it is re-encoded. */
  UPLOAD_MAX_KB: Type.Integer({ minimum: 1, maximum: 51200, default: PHOTO_MAX_KB }),
  /** The multipart field the picture travels in (spec §7: a configurable field name). */
  UPLOAD_FIELD_NAME: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', default: PHOTO_FIELD_NAME }),
  /** Photos one customer may upload per hour (counted whether or not the file was a picture). */
  UPLOADS_PER_HOUR: Type.Integer({ minimum: 1, maximum: 10000, default: 30 }),
  /** S3-compatible storage (STORAGE=s3): endpoint (empty: AWS's for the region), bucket and keys. */
  S3_ENDPOINT: Type.String({ default: '', pattern: '^(https?://\\S+)?$' }),
  S3_REGION: Type.String({ minLength: 1, default: 'us-east-1' }),
  S3_BUCKET: Type.String({ default: '' }),
  S3_ACCESS_KEY_ID: Type.String({ default: '' }),
  S3_SECRET_ACCESS_KEY: Type.String({ default: '' }),
  /** '1': bucket in the path (MinIO, most self-hosted stores); '0': in the host name (AWS, Tencent COS). */
  S3_FORCE_PATH_STYLE: Type.Union([Type.Literal('0'), Type.Literal('1')], { default: '0' }),
  /**
   * The public address of the bucket's objects (a CDN or the bucket's own website), e.g. https://img.example.com:
   * photo URLs point there. Empty: this server serves them at /uploads/ (read from the bucket).
   */
  S3_PUBLIC_URL: Type.String({ default: '', pattern: '^(https?://[^\\s?#]+)?$' }),
  /**
   * WeChat message push of the mini program (WECHAT_MODE=real: where mediaCheckAsync's verdicts arrive, at
   * PUBLIC_BASE_URL/api/szeat/wxpush): the Token set in the mini program's console, and its EncodingAESKey when the
   * push is in safe mode (43 characters; empty for plain-text mode). Data format JSON.
   */
  WECHAT_PUSH_TOKEN: Type.String({ default: '' }),
  WECHAT_PUSH_AES_KEY: Type.String({ default: '', pattern: '^([A-Za-z0-9+/]{43})?$' }),
};

/** Real storage and real content checks need their keys: what is missing, so the server refuses to start. */
export function uploadsConfigProblems(c: Record<string, unknown>): string[] {
  const need = (when: boolean, why: string, keys: string[]) =>
    when ? keys.filter((k) => !c[k]).map((k) => `${k}: required when ${why}`) : [];
  return [
    ...need(c.STORAGE === 's3', 'STORAGE=s3', ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']),
    ...need(c.WECHAT_MODE === 'real', 'WECHAT_MODE=real (content check verdicts arrive by message push)', [
      'WECHAT_PUSH_TOKEN',
    ]),
  ];
}
