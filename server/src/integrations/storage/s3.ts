import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import { checkKey, UPLOADS_PATH, type PhotoStorage } from './types';

export interface S3StorageOptions {
  /** Empty: AWS's endpoint for the region. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** The objects' public address (CDN, bucket website); empty: served by this server at /uploads/. */
  publicUrl: string;
}

/**
 * Photos in an S3-compatible bucket through the official AWS SDK (AWS S3, Tencent COS, MinIO…; the tests use a
 * local s3rver). Objects are stored with their content type, no ACL (the bucket's policy decides who reads them) and
 * a year of caching (keys are never reused). A PutObject stores the whole object or nothing. The SDK is loaded on the
 * first call, not at start.
 */
export function createS3Storage(o: S3StorageOptions): PhotoStorage {
  let client: Promise<{ s3: S3.S3Client; sdk: typeof S3 }> | undefined;
  const connect = () =>
    (client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: o.region,
        ...(o.endpoint ? { endpoint: o.endpoint } : {}),
        forcePathStyle: o.forcePathStyle,
        // Checksums only where S3 requires them: S3-compatible stores (COS, MinIO, older gateways) refuse or ignore
        // the newer default trailers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey },
      }),
    })));
  const publicBase = o.publicUrl.replace(/\/+$/, '');
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const { s3, sdk } = await connect();
      await s3.send(
        new sdk.PutObjectCommand({
          Bucket: o.bucket,
          Key: checkKey(key),
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      const { s3, sdk } = await connect();
      try {
        const res = await s3.send(new sdk.GetObjectCommand({ Bucket: o.bucket, Key: checkKey(key) }));
        if (!res.Body) return null;
        return {
          body: res.Body as Readable,
          contentType: res.ContentType ?? 'application/octet-stream',
          size: Number(res.ContentLength ?? 0),
        };
      } catch (e) {
        const name = (e as { name?: string }).name;
        if (name === 'NoSuchKey' || name === 'NotFound') return null;
        throw e;
      }
    },
    async delete(key) {
      const { s3, sdk } = await connect();
      // S3 answers success for a key that is not there.
      await s3.send(new sdk.DeleteObjectCommand({ Bucket: o.bucket, Key: checkKey(key) }));
    },
    url: (key) => (publicBase ? `${publicBase}/${checkKey(key)}` : `${UPLOADS_PATH}${checkKey(key)}`),
  };
}
