/**
 * Ratings with photos (issue 16) through the real app on SQLite and PostgreSQL: uploadphoto refuses everything that is
 * not a picture (by its bytes) and keeps nothing of it; what it keeps is re-encoded without metadata; saverating only
 * for the owner of a delivered or collected order, once (also under 50 parallel requests), with the restaurant's
 * summary moved in the same transaction; delrating by the author only; content checks (sandbox); the purge of unused
 * photos.
 */
import path from 'node:path';
import { CompiledQuery } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import sharp from 'sharp';
import { ErrorCode } from '../../types/errors';
import { OrderStatus } from '../../types/order-status';
import { createAppJobs, JOB_KINDS } from '../../server/src/app-jobs';
import { migrations } from '../../server/src/db/migrate';
import { freshIp, registerUser, type Registered } from './support/accounts';
import { DIALECTS, useTestApp } from './support/app';
import { ORDER_RID, ordersServiceOf, placeOrder } from './support/orders';
import {
  filesUnder,
  heicStart,
  markerPicture,
  multipart,
  phonePhoto,
  pictureBomb,
  pngPicture,
  polyglot,
  upload,
  webpPicture,
} from './support/photos';

const HOUR = 60 * 60 * 1000;
const UPLOAD_MAX_KB = 300;

describe.each(DIALECTS)('ratings on %s', (dialect) => {
  const t = useTestApp(dialect, { config: { UPLOAD_MAX_KB, UPLOADS_PER_HOUR: 12 } });
  const { api, clock } = t;
  let me: Registered;
  beforeAll(async () => {
    me = await registerUser(api, t.place);
  });

  const codes = (responses: Array<{ body: { code: number } }>) => {
    const tally: Record<number, number> = {};
    for (const r of responses) tally[r.body.code] = (tally[r.body.code] ?? 0) + 1;
    return tally;
  };
  const uploadDir = () => t.config.UPLOAD_DIR;
  const uploadRows = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const summaryOf = async (rid = ORDER_RID) => (await api.get(`storereview?restaurant_id=${rid}`)).body.data.summary;

  /** An order of `who` moved along its path until it is delivered (delivery) or completed (collection). */
  async function deliveredOrder(who: Registered, mode: 'delivery' | 'collection' = 'delivery') {
    const order = await placeOrder(t, api, who.token, { method: 'cod', mode });
    const orders = ordersServiceOf(t, clock.now);
    const target = mode === 'delivery' ? OrderStatus.Delivered : OrderStatus.Completed;
    for (let i = 0; i < 8; i++) {
      const moved = await orders.advance(order.id, { actor: 'operator' });
      if (moved.status === target) return order.id;
    }
    throw new Error('the order did not reach its delivered status');
  }

  const rate = (token: string, body: Record<string, unknown>) =>
    api.post('saverating', { food_rating: 5, other_rating: 4, delivery_time: 'within30', ...body }, { token });

  describe('uploadphoto', () => {
    test('keeps a JPEG, PNG and WebP re-encoded as JPEG, turned upright, with every metadata block gone', async () => {
      const original = await phonePhoto(800, 600);
      expect(original.includes(Buffer.from('SzeatCam'))).toBe(true);
      const res = await upload(api, { name: 'IMG_0001.JPG', data: original }, { token: me.token });
      expect(res.body).toMatchObject({ code: ErrorCode.Ok, data: { check: 'pass', width: 600, height: 800 } });
      const { url, thumb_url: thumb } = res.body.data;
      expect(url).toMatch(/^\/uploads\/photos\/\d{6}\/[0-9a-f]{32}\.jpg$/);
      // Read it back as a browser would.
      const served = await api.get(url);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toContain('sandbox');
      const stored = served.raw.rawPayload;
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 600, height: 800 });
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored.includes(Buffer.from('SzeatCam'))).toBe(false);
      expect(stored.includes(Buffer.from('GPS'))).toBe(false);
      const small = await sharp((await api.get(thumb)).raw.rawPayload).metadata();
      expect(small).toMatchObject({ format: 'jpeg', width: 320, height: 320 });

      for (const [name, data] of [
        ['shot.png', await pngPicture()],
        ['shot.webp', await webpPicture()],
      ] as const) {
        const r = await upload(api, { name, data, type: 'application/octet-stream' }, { token: me.token });
        expect([name, r.body.code]).toEqual([name, ErrorCode.Ok]);
        const back = await api.get(r.body.data.url);
        expect((await sharp(back.raw.rawPayload).metadata()).format).toBe('jpeg');
      }
    });

    test('refuses what is not a picture, a damaged or oversized one and a picture bomb, and keeps nothing', async () => {
      const who = await registerUser(api, t.place);
      const rowsBefore = await uploadRows();
      const filesBefore = filesUnder(uploadDir()).length;
      const jpeg = await phonePhoto(400, 300);
      const oversized = Buffer.concat([jpeg, Buffer.alloc(UPLOAD_MAX_KB * 1024)]);
      const cases: Array<[string, Buffer, number, RegExp]> = [
        ['notes.jpg', Buffer.from('Just some text, renamed to look like a photo.\n'), 400, /JPEG, PNG or WebP/],
        [
          'logo.svg',
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          400,
          /JPEG/,
        ],
        ['both.jpg', await polyglot(), 400, /JPEG, PNG or WebP/],
        ['cut.jpg', jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), 400, /damaged or incomplete/],
        ['empty.jpg', Buffer.alloc(0), 400, /empty/],
        ['huge.jpg', oversized, 413, new RegExp(`${UPLOAD_MAX_KB} KB`)],
        ['bomb.png', pictureBomb(), 400, /50000×50000/],
        ['IMG_1.HEIC', heicStart(), 400, /HEIC/],
      ];
      for (const [name, data, status, message] of cases) {
        const res = await upload(api, { name, data }, { token: who.token, lang: 'en' });
        expect([name, res.status, res.body.code]).toEqual([name, status, ErrorCode.Validation]);
        expect([name, res.body.msg]).toEqual([name, expect.stringMatching(message)]);
      }
      // Chinese too.
      const cn = await upload(api, { name: 'a.jpg', data: Buffer.from('text') }, { token: who.token, lang: 'cn' });
      expect(cn.body.msg).toMatch(/JPEG、PNG 或 WebP/);
      expect(await uploadRows()).toBe(rowsBefore);
      expect(filesUnder(uploadDir())).toHaveLength(filesBefore);
      // The magic bytes, not the name: a real picture called .txt is a picture.
      const named = await upload(api, { name: 'photo.txt', type: 'text/plain', data: jpeg }, { token: who.token });
      expect(named.body.code).toBe(ErrorCode.Ok);
    });

    test('needs a session and the file under the configured field; other fields are accepted', async () => {
      const jpeg = await phonePhoto(200, 150);
      const anonymous = await upload(api, { name: 'a.jpg', data: jpeg });
      expect(anonymous).toMatchObject({ status: 401, body: { code: ErrorCode.SessionInvalid } });
      const wrongField = await upload(api, { name: 'a.jpg', data: jpeg, field: 'picture' }, { token: me.token });
      expect(wrongField.body).toMatchObject({ code: ErrorCode.Validation, data: { field: 'file' } });
      const json = await api.post('uploadphoto', { file: 'x' }, { token: me.token });
      expect(json.body.code).toBe(ErrorCode.Validation);
      const extra = await upload(
        api,
        { name: 'a.jpg', data: jpeg },
        { token: me.token, fields: { biz: 'rating', order_id: '12', note: '饭' } },
      );
      expect(extra.body.code).toBe(ErrorCode.Ok);
    });

    test('counts each customer’s uploads per hour: 16 at once take exactly the 12 slots', async () => {
      const who = await registerUser(api, t.place);
      const small = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#123456' } })
        .jpeg()
        .toBuffer();
      const res = await Promise.all(
        Array.from({ length: 16 }, () => upload(api, { name: 'a.jpg', data: small }, { token: who.token })),
      );
      expect(codes(res)).toEqual({ [ErrorCode.Ok]: 12, [ErrorCode.RateLimited]: 4 });
      const rows = await t.db.kysely.selectFrom('uploads').select('id').where('user_id', '=', who.id).execute();
      expect(rows).toHaveLength(12);
      // Another customer is not limited by them; an hour later they may upload again.
      expect((await upload(api, { name: 'a.jpg', data: small }, { token: me.token })).body.code).toBe(ErrorCode.Ok);
      clock.advance(HOUR + 1);
      expect((await upload(api, { name: 'a.jpg', data: small }, { token: who.token })).body.code).toBe(ErrorCode.Ok);
    });
  });

  describe('saverating, ratingslist, delrating', () => {
    test('the owner rates a delivered order with photos; the restaurant shows it; the author deletes it', async () => {
      const who = await registerUser(api, t.place);
      const orderId = await deliveredOrder(who);
      const photo = (await upload(api, { name: 'a.jpg', data: await phonePhoto(400, 300) }, { token: who.token })).body
        .data;
      const before = await summaryOf();
      const listed = (await api.get(`orderinfo?id=${orderId}`, { token: who.token })).body.data;
      expect(listed).toMatchObject({ can_rate: true, rating_id: null });

      const saved = await rate(who.token, {
        order_id: orderId,
        food_rating: 5,
        other_rating: 3,
        delivery_time: 'within40',
        comment: '  很好吃，送得也快  ',
        photo_ids: [photo.id],
      });
      expect(saved.body).toMatchObject({
        code: ErrorCode.Ok,
        data: {
          order_id: orderId,
          restaurant_id: ORDER_RID,
          food_rating: 5,
          other_rating: 3,
          delivery_time: 'within40',
          comment: '很好吃，送得也快',
          comment_check: 'pass',
          photos: [{ id: photo.id, url: photo.url, thumb_url: photo.thumb_url, check: 'pass' }],
        },
      });
      const ratingId = saved.body.data.id;

      const after = await summaryOf();
      expect(after.count).toBe(before.count + 1);
      expect(after.stars[4]).toBe(before.stars[4]! + 1);
      expect(after.delivery_time.within40).toBe(before.delivery_time.within40 + 1);
      const reviews = (await api.get(`storereview?restaurant_id=${ORDER_RID}`)).body.data;
      expect(reviews.list[0]).toMatchObject({
        id: ratingId,
        comment: '很好吃，送得也快',
        photos: [photo.url],
        thumbnails: [photo.thumb_url],
        author: 'L**',
      });
      expect(reviews.total).toBe(after.count);
      // The restaurant's rating everywhere: storeinfo's summary agrees.
      const info = (await api.get(`storeinfo?id=${ORDER_RID}`)).body.data;
      expect(info.rating_summary).toEqual(after);
      expect(info.review_count).toBe(after.count);
      const order = (await api.get(`orderinfo?id=${orderId}`, { token: who.token })).body.data;
      expect(order).toMatchObject({ can_rate: false, rating_id: ratingId });
      const list = (await api.get('orderlist', { token: who.token })).body.data.list;
      expect(list.find((o: { id: number }) => o.id === orderId)).toMatchObject({
        rating_id: ratingId,
        can_rate: false,
      });
      const mine = (await api.get('ratingslist', { token: who.token, lang: 'en' })).body.data;
      expect(mine).toMatchObject({ total: 1, list: [{ id: ratingId, restaurant_name: expect.any(String) }] });
      expect(mine.list[0]!.order_no).toMatch(/^SZ\d{14}$/);

      // The photo is used: a second rating cannot take it, nor can anyone delete someone else's rating.
      const other = await registerUser(api, t.place);
      const theirs = await api.post('delrating', { id: ratingId }, { token: other.token });
      expect(theirs.body.code).toBe(ErrorCode.NotFound);
      expect((await summaryOf()).count).toBe(after.count);

      const gone = await api.post('delrating', { id: ratingId }, { token: who.token });
      expect(gone.body).toMatchObject({ code: ErrorCode.Ok, data: { id: ratingId, deleted: true } });
      expect(await summaryOf()).toEqual(before);
      expect((await api.get(`storereview?restaurant_id=${ORDER_RID}`)).body.data.list[0]!.id).not.toBe(ratingId);
      expect((await api.get('ratingslist', { token: who.token })).body.data.total).toBe(0);
      expect((await api.post('delrating', { id: ratingId }, { token: who.token })).body.code).toBe(ErrorCode.NotFound);
      // The order may be rated again.
      expect((await api.get(`orderinfo?id=${orderId}`, { token: who.token })).body.data.can_rate).toBe(true);
      const again = await rate(who.token, {
        order_id: orderId,
        food_rating: 2,
        other_rating: 2,
        delivery_time: 'over60',
      });
      expect(again.body.code).toBe(ErrorCode.Ok);
      const last = await summaryOf();
      expect(last.count).toBe(before.count + 1);
      expect(last.delivery_time.over60).toBe(before.delivery_time.over60 + 1);
    });

    test('refuses someone else’s order, an order not yet delivered, a second rating and bad buckets', async () => {
      const who = await registerUser(api, t.place);
      const other = await registerUser(api, t.place);
      const delivered = await deliveredOrder(who);
      const before = await summaryOf();
      expect((await rate(other.token, { order_id: delivered })).body.code).toBe(ErrorCode.NotFound);
      expect((await rate(who.token, { order_id: 999999 })).body.code).toBe(ErrorCode.NotFound);
      const fresh = await placeOrder(t, api, who.token, { method: 'cod' });
      const early = await rate(who.token, { order_id: fresh.id });
      expect(early.body.code).toBe(ErrorCode.Failed);
      expect((await api.get(`orderinfo?id=${fresh.id}`, { token: who.token })).body.data.can_rate).toBe(false);
      const missing = await rate(who.token, { order_id: delivered, delivery_time: null });
      expect(missing.body).toMatchObject({ code: ErrorCode.Validation, data: { field: 'delivery_time' } });
      expect((await rate(who.token, { order_id: delivered, food_rating: 6 })).body.code).toBe(ErrorCode.Validation);
      const tooMany = await rate(who.token, { order_id: delivered, photo_ids: [1, 2, 3, 4, 5, 6, 7] });
      expect(tooMany.body.code).toBe(ErrorCode.Validation);
      expect((await rate(who.token, { order_id: delivered })).body.code).toBe(ErrorCode.Ok);
      const second = await rate(who.token, { order_id: delivered });
      expect(second.body.code).toBe(ErrorCode.Conflict);
      expect((await summaryOf()).count).toBe(before.count + 1);
      // Collection orders have no delivery time.
      const collected = await deliveredOrder(who, 'collection');
      const bucket = await rate(who.token, { order_id: collected });
      expect(bucket.body).toMatchObject({ code: ErrorCode.Validation, data: { field: 'delivery_time' } });
      const ok = await rate(who.token, { order_id: collected, delivery_time: null });
      expect(ok.body).toMatchObject({ code: ErrorCode.Ok, data: { delivery_time: null } });
      const buckets = (await summaryOf()).delivery_time;
      expect(Object.values(buckets).reduce((a: number, b) => a + Number(b), 0)).toBe(
        Object.values(before.delivery_time).reduce((a: number, b) => a + Number(b), 0) + 1,
      );
    });

    test('a photo that is not the author’s, or already used, fails the whole rating (nothing written)', async () => {
      const who = await registerUser(api, t.place);
      const other = await registerUser(api, t.place);
      const orderId = await deliveredOrder(who);
      const theirs = (await upload(api, { name: 'a.jpg', data: await phonePhoto(200, 200) }, { token: other.token }))
        .body.data;
      const mine = (await upload(api, { name: 'b.jpg', data: await phonePhoto(200, 200) }, { token: who.token })).body
        .data;
      const before = await summaryOf();
      const res = await rate(who.token, { order_id: orderId, photo_ids: [mine.id, theirs.id] });
      expect(res.body.code).toBe(ErrorCode.NotFound);
      expect(await summaryOf()).toEqual(before);
      const row = await t.db.kysely
        .selectFrom('uploads')
        .select('review_id')
        .where('id', '=', mine.id)
        .executeTakeFirstOrThrow();
      expect(row.review_id).toBeNull();
      expect((await rate(who.token, { order_id: orderId, photo_ids: [mine.id] })).body.code).toBe(ErrorCode.Ok);
    });

    test('50 parallel saverating for one order: exactly one rating, counted once', async () => {
      const who = await registerUser(api, t.place);
      const orderId = await deliveredOrder(who);
      const before = await summaryOf();
      const res = await Promise.all(
        Array.from({ length: 50 }, (_, i) => rate(who.token, { order_id: orderId, food_rating: 1 + (i % 5) })),
      );
      expect(codes(res)).toEqual({ [ErrorCode.Ok]: 1, [ErrorCode.Conflict]: 49 });
      const rows = await t.db.kysely.selectFrom('reviews').selectAll().where('order_id', '=', orderId).execute();
      expect(rows).toHaveLength(1);
      const after = await summaryOf();
      expect(after.count).toBe(before.count + 1);
      const star = rows[0]!.food_rating;
      expect(after.stars[star - 1]).toBe(before.stars[star - 1]! + 1);
      // 50 parallel deletes of it: one succeeds, the summary moves back once.
      const dels = await Promise.all(
        Array.from({ length: 50 }, () => api.post('delrating', { id: rows[0]!.id }, { token: who.token })),
      );
      expect(codes(dels)).toEqual({ [ErrorCode.Ok]: 1, [ErrorCode.NotFound]: 49 });
      expect(await summaryOf()).toEqual(before);
    });

    test('content checks: a refused comment is not saved; held words and refused photos show to their author only', async () => {
      const who = await registerUser(api, t.place);
      const orderId = await deliveredOrder(who);
      const refused = await api.post(
        'saverating',
        { order_id: orderId, food_rating: 4, other_rating: 4, delivery_time: 'within50', comment: 'forbidden-word!' },
        { token: who.token, lang: 'en' },
      );
      expect(refused.body).toMatchObject({ code: ErrorCode.Failed, msg: expect.stringMatching(/cannot be published/) });
      expect((await api.get('ratingslist', { token: who.token })).body.data.total).toBe(0);

      const marked = (await upload(api, { name: 'm.jpg', data: await markerPicture() }, { token: who.token })).body
        .data;
      expect(marked.check).toBe('risky');
      const fine = (await upload(api, { name: 'f.jpg', data: await phonePhoto(300, 300) }, { token: who.token })).body
        .data;
      const saved = await rate(who.token, {
        order_id: orderId,
        comment: '有点 sandbox-review 的内容',
        photo_ids: [marked.id, fine.id],
      });
      expect(saved.body).toMatchObject({
        code: ErrorCode.Ok,
        data: { comment_check: 'review', photos: [{ check: 'risky' }, { check: 'pass' }] },
      });
      const shown = (await api.get(`storereview?restaurant_id=${ORDER_RID}`)).body.data.list.find(
        (r: { id: number }) => r.id === saved.body.data.id,
      );
      expect(shown).toMatchObject({ comment: '', photos: [fine.url], thumbnails: [fine.thumb_url] });
    });
  });

  test('the job runner removes photos no rating uses a day after upload, and keeps used ones', async () => {
    const who = await registerUser(api, t.place);
    const orderId = await deliveredOrder(who);
    const used = (await upload(api, { name: 'u.jpg', data: await phonePhoto(200, 200) }, { token: who.token })).body
      .data;
    const unused = (await upload(api, { name: 'n.jpg', data: await phonePhoto(200, 200) }, { token: who.token })).body
      .data;
    expect((await rate(who.token, { order_id: orderId, photo_ids: [used.id] })).body.code).toBe(ErrorCode.Ok);
    const file = (url: string) => path.join(uploadDir(), ...url.replace('/uploads/', '').split('/'));
    const exists = (url: string) => filesUnder(uploadDir()).includes(path.relative(uploadDir(), file(url)));
    /** One run of the job runner with the purge due (a fresh runner). */
    const purge = async () => {
      await t.db.kysely
        .updateTable('jobs')
        .set({ run_at: clock.now() })
        .where('kind', '=', JOB_KINDS.unusedPhotos)
        .execute();
      const { runner } = createAppJobs({
        config: t.config,
        db: t.db,
        integrations: t.integrations,
        now: clock.now,
        runner: { owner: `ratings-test-${dialect}`, pollMs: 3_600_000 },
      });
      await runner.start();
      // start() began a look for due jobs: wait for it (stop() would let it end without starting the next job).
      await runner.tick();
      await runner.stop();
    };
    await purge();
    expect(exists(unused.url)).toBe(true);
    clock.advance(24 * HOUR + 60_000);
    await purge();
    expect(exists(unused.url)).toBe(false);
    expect(exists(unused.thumb_url)).toBe(false);
    expect((await api.get(unused.url)).status).toBe(404);
    expect(exists(used.url)).toBe(true);
    const left = await t.db.kysely.selectFrom('uploads').select('id').where('id', 'in', [used.id, unused.id]).execute();
    expect(left.map((r) => r.id)).toEqual([used.id]);
    // A photo older than a day that a rating no longer uses (deleted rating) goes at the next run.
    const ratingId = (await api.get('ratingslist', { token: who.token })).body.data.list[0]!.id;
    expect((await api.post('delrating', { id: ratingId }, { token: who.token })).body.code).toBe(ErrorCode.Ok);
    clock.advance(24 * HOUR + 60_000);
    await purge();
    expect(exists(used.url)).toBe(false);
  });

  test('migration 0012 goes down (ratings deleted by their authors go) and up again (summaries rebuilt)', async () => {
    const provider: MigrationProvider = { getMigrations: async () => migrations(t.db.dialect) };
    const migrator = new Migrator({ db: t.db.kysely, provider, allowUnorderedMigrations: true });
    // Down gives collection ratings a bucket (the old column cannot be empty): compare what does not depend on it.
    const summaries = () =>
      t.db.kysely
        .selectFrom('restaurant_ratings')
        .select(['restaurant_id', 'count', 'food_sum', 'other_sum', 'food_1', 'food_5'])
        .orderBy('restaurant_id')
        .execute();
    const before = await summaries();
    expect(before.length).toBeGreaterThan(10);
    const down = await migrator.migrateTo('0011-search-text');
    expect(down.error).toBeUndefined();
    expect(down.results?.at(-1)).toMatchObject({ migrationName: '0012-ratings', status: 'Success' });
    const tables = async () => {
      const text =
        dialect === 'sqlite'
          ? "select name from sqlite_master where type = 'table' and name in ('uploads', 'restaurant_ratings')"
          : "select table_name as name from information_schema.tables where table_name in ('uploads', 'restaurant_ratings')";
      return (await t.db.kysely.executeQuery<{ name: string }>(CompiledQuery.raw(text))).rows.map((r) => r.name).sort();
    };
    expect(await tables()).toEqual([]);
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await tables()).toEqual(['restaurant_ratings', 'uploads']);
    expect(await summaries()).toEqual(before);
  });

  test('multipart is refused by every other route', async () => {
    const body = multipart({ a: '1' }, [{ name: 'a.jpg', data: Buffer.from('x') }]);
    const res = await api.request('POST', 'saveaddr', {
      payload: body.payload,
      headers: { 'content-type': body.contentType },
      token: me.token,
      ip: freshIp(),
    });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe(ErrorCode.Validation);
  });
});
