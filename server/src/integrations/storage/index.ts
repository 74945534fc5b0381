import type { Config } from '../../config';
import { fromRoot } from '../../config';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { PhotoStorage } from './types';

export type { PhotoStorage, StoredObject } from './types';
export { KEY_PATTERN, UPLOADS_PATH } from './types';

/** STORAGE picks the adapter; config.ts has already refused s3 without its bucket and keys. */
export function createStorage(config: Config): PhotoStorage {
  if (config.STORAGE === 's3') {
    return createS3Storage({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE === '1',
      publicUrl: config.S3_PUBLIC_URL,
    });
  }
  return createLocalStorage(fromRoot(config.UPLOAD_DIR));
}
