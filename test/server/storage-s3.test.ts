/**
 * Photos in S3-compatible object storage (STORAGE=s3, the official AWS SDK) against a local s3rver the test starts:
 * an upload stores both copies in the bucket and nothing of a refused file, the site serves them from the bucket (or
 * links the bucket's public address), and the purge of unused photos deletes the objects.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { ErrorCode } from '../../types/errors';
import { purgeUnusedPhotos } from '../../server/src/modules/ratings/service';
import { createAppUnitOfWork } from '../../server/src/modules/repositories';
import { placeOf, registerUser } from './support/accounts';
import { apiOf } from './support/api';
import { startTestApp, testClock } from './support/app';
import { phonePhoto, upload } from './support/photos';

const BUCKET = 'szeat-photos';

describe('S3-compatible storage (local s3rver)', () => {
  let dir: string;
  let s3rver: S3rver;
  let endpoint: string;
  let client: S3Client;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'szeat-s3-'));
    s3rver = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const address = await s3rver.run();
    endpoint = `http://127.0.0.1:${address.port}`;
    client = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    client.destroy();
    await s3rver.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const s3Config = (extra: Record<string, string> = {}) => ({
    STORAGE: 's3' as const,
    S3_ENDPOINT: endpoint,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1' as const,
    ...extra,
  });
  const keys = async () =>
    ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key!).sort();

  test('stores, serves and purges photos in the bucket; keeps nothing of a refused file', async () => {
    const clock = testClock();
    const t = await startTestApp('sqlite', s3Config(), { now: clock.now });
    try {
      const api = apiOf(t.app);
      const who = await registerUser(api, await placeOf(t.db));
      const before = await keys();
      const refused = await upload(
        apiOf(t.app),
        { name: 'x.jpg', data: Buffer.from('not a picture') },
        { token: who.token },
      );
      expect(refused.body.code).toBe(ErrorCode.Validation);
      expect(await keys()).toEqual(before);

      const res = await upload(
        apiOf(t.app),
        { name: 'IMG.JPG', data: await phonePhoto(640, 480) },
        { token: who.token },
      );
      expect(res.body).toMatchObject({ code: ErrorCode.Ok, data: { width: 480, height: 640 } });
      const { url, thumb_url: thumb } = res.body.data;
      const key = url.replace('/uploads/', '');
      expect(await keys()).toEqual([...before, key, thumb.replace('/uploads/', '')].sort());
      const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      expect(object.ContentType).toBe('image/jpeg');
      const bytes = Buffer.from(await object.Body!.transformToByteArray());
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
      // Nothing on the local disk.
      expect(fs.existsSync(path.join(t.config.UPLOAD_DIR, 'photos'))).toBe(false);
      // The site serves it from the bucket.
      const served = await api.get(url);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.raw.rawPayload.equals(bytes)).toBe(true);

      clock.advance(25 * 60 * 60 * 1000);
      const purged = await purgeUnusedPhotos(
        createAppUnitOfWork(t.db.kysely).repos.ratings,
        t.integrations.storage,
        clock.now(),
      );
      expect(purged.removed).toBe(1);
      expect(await keys()).toEqual(before);
      expect((await api.get(url)).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  test('with S3_PUBLIC_URL the photos link the bucket’s public address', async () => {
    const t = await startTestApp('sqlite', s3Config({ S3_PUBLIC_URL: 'https://img.szeat.example/' }));
    try {
      const who = await registerUser(apiOf(t.app), await placeOf(t.db));
      const res = await upload(apiOf(t.app), { name: 'a.jpg', data: await phonePhoto(200, 200) }, { token: who.token });
      expect(res.body.data.url).toMatch(/^https:\/\/img\.szeat\.example\/photos\/\d{6}\/[0-9a-f]{32}\.jpg$/);
      expect(await keys()).toContain(res.body.data.url.replace('https://img.szeat.example/', ''));
    } finally {
      await t.close();
    }
  });

  test('a bucket that cannot be reached answers 503 and keeps nothing', async () => {
    const t = await startTestApp('sqlite', s3Config({ S3_ENDPOINT: 'http://127.0.0.1:9', S3_BUCKET: 'gone' }));
    try {
      const who = await registerUser(apiOf(t.app), await placeOf(t.db));
      const res = await upload(apiOf(t.app), { name: 'a.jpg', data: await phonePhoto(200, 200) }, { token: who.token });
      expect(res).toMatchObject({ status: 503, body: { code: ErrorCode.Unavailable } });
      const rows = await t.db.kysely.selectFrom('uploads').select('id').execute();
      expect(rows).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
