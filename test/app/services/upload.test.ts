import { ApiError, HttpError, createHttp } from '../../../src/services/http';
import { ratingsApi } from '../../../src/services/ratings';
import { UploadError, type PickedFile, type UploadOptions, type UploadResult } from '../../../src/platform/types';
import { PHOTO_EXTENSIONS, PHOTO_FIELD_NAME, PHOTO_MAX_KB } from '../../../types/constants';
import { fakePlatform } from '../support/fake-platform';

const file: PickedFile = { path: 'blob:a', size: 10, name: 'a.jpg' };

function setup(uploadWith: (o: UploadOptions) => Promise<UploadResult[]>) {
  const platform = fakePlatform({ uploadWith });
  const onSessionInvalid = jest.fn();
  const http = createHttp({
    platform,
    baseUrl: 'https://api.example.com',
    getToken: () => 'tok-1',
    getLang: () => 'en',
    onSessionInvalid,
  });
  return { platform, http, api: ratingsApi(http), onSessionInvalid };
}

describe('uploadphoto through platform.upload', () => {
  it('sends one picture with the rules of spec §5, the session and the language; answers the envelope data', async () => {
    const { platform, api } = setup(async () => [
      { statusCode: 200, data: { code: 1000, msg: 'ok', data: { id: 4, url: '/uploads/x.jpg' } } },
    ]);
    const onProgress = jest.fn();
    await expect(api.uploadPhoto(file, { onProgress })).resolves.toEqual({ id: 4, url: '/uploads/x.jpg' });
    expect(platform.upload).toHaveBeenCalledWith({
      url: 'https://api.example.com/api/szeat/uploadphoto',
      files: [file],
      fieldName: PHOTO_FIELD_NAME,
      allowedExtensions: [...PHOTO_EXTENSIONS],
      maxSizeKb: PHOTO_MAX_KB,
      headers: { 'Accept-Language': 'en', Authorization: 'Bearer tok-1' },
      onProgress,
    });
  });

  it('answers undefined when the format or size check refused the file (nothing sent)', async () => {
    const { api } = setup(async () => []);
    await expect(api.uploadPhoto(file)).resolves.toBeUndefined();
  });

  it("turns a non-2xx answer with the API's envelope into an ApiError with its message; 1002 logs out", async () => {
    const { api, onSessionInvalid } = setup(async () => {
      throw new UploadError('upload failed with HTTP 413', 413, { code: 1003, msg: 'Too large', data: null });
    });
    const err = await api.uploadPhoto(file).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('Too large');
    const out = setup(async () => {
      throw new UploadError('upload failed with HTTP 401', 401, { code: 1002, msg: 'Log in', data: null });
    });
    await out.api.uploadPhoto(file).catch(() => undefined);
    expect(out.onSessionInvalid).toHaveBeenCalledTimes(1);
    expect(onSessionInvalid).not.toHaveBeenCalled();
  });

  it('turns other failures into an HttpError (status or network)', async () => {
    const status = setup(async () => {
      throw new UploadError('upload failed with HTTP 502', 502, '<html>bad gateway</html>');
    });
    const e1 = (await status.api.uploadPhoto(file).catch((e: unknown) => e)) as HttpError;
    expect(e1).toBeInstanceOf(HttpError);
    expect([e1.kind, e1.status]).toEqual(['status', 502]);
    const network = setup(async () => {
      throw new UploadError('upload:fail network');
    });
    const e2 = (await network.api.uploadPhoto(file).catch((e: unknown) => e)) as HttpError;
    expect(e2.kind).toBe('network');
  });
});
