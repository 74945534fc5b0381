import { fakeTaro, resetFakeTaro } from '../support/fake-taro';
import { weappMedia } from '../../../src/platform/media-weapp';
import { h5Media, type PickerEnv } from '../../../src/platform/media-h5';
import { xhrUpload, type XhrLike } from '../../../src/platform/xhr-upload';
import { platform as h5 } from '../../../src/platform/index.h5';
import { platform as weapp } from '../../../src/platform/index.weapp';
import { UploadError, type PickedFile, type UploadOptions } from '../../../src/platform/types';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/fake-taro').fakeTaroModule);

beforeEach(() => {
  resetFakeTaro();
  document.body.innerHTML = '';
});

describe('mini program pictures (chooseMedia, previewImage)', () => {
  it('chooses compressed pictures from the camera or the album and answers their paths and sizes', async () => {
    fakeTaro.chooseMediaOutcomes.push({
      tempFiles: [
        { tempFilePath: 'http://tmp/abc.jpg', size: 2048 },
        { tempFilePath: 'http://tmp/def.png', size: 4096 },
      ],
    });
    const files = await weappMedia.pickPhotos({ count: 4 });
    expect(fakeTaro.chooseMedia).toHaveBeenCalledWith({
      count: 4,
      mediaType: ['image'],
      sourceType: ['album', 'camera'],
      sizeType: ['compressed'],
      success: expect.any(Function),
      fail: expect.any(Function),
    });
    expect(files).toEqual([
      { path: 'http://tmp/abc.jpg', size: 2048, name: 'abc.jpg' },
      { path: 'http://tmp/def.png', size: 4096, name: 'def.png' },
    ]);
  });

  it('asks only the camera when told, and never more than chooseMedia allows', async () => {
    await weappMedia.pickPhotos({ count: 20, source: 'camera' });
    expect(fakeTaro.chooseMedia).toHaveBeenCalledWith(expect.objectContaining({ count: 9, sourceType: ['camera'] }));
  });

  it('answers nothing when the customer cancels, and fails on other errors', async () => {
    fakeTaro.chooseMediaOutcomes.push({ errMsg: 'chooseMedia:fail cancel' });
    await expect(weappMedia.pickPhotos({ count: 1 })).resolves.toEqual([]);
    fakeTaro.chooseMediaOutcomes.push({ errMsg: 'chooseMedia:fail auth deny' });
    await expect(weappMedia.pickPhotos({ count: 1 })).rejects.toThrow('auth deny');
  });

  it('shows pictures full size with previewImage', () => {
    expect(weappMedia.preview(['https://a/1.jpg', 'https://a/2.jpg'], 'https://a/2.jpg')).toBe(true);
    expect(fakeTaro.previewImage).toHaveBeenCalledWith({
      urls: ['https://a/1.jpg', 'https://a/2.jpg'],
      current: 'https://a/2.jpg',
      fail: expect.any(Function),
    });
  });

  it('is what the mini program platform uses, with uploadFile for the upload', () => {
    expect(weapp.media).toBe(weappMedia);
  });
});

describe('H5 pictures (a file input)', () => {
  const env = (coarse = false): PickerEnv => ({
    document,
    createObjectURL: (f) => `blob:${(f as File).name}`,
    coarsePointer: () => coarse,
  });
  const choose = (input: HTMLInputElement, files: File[]) => {
    Object.defineProperty(input, 'files', { value: files, configurable: true });
    input.dispatchEvent(new Event('change'));
  };

  it('opens a file input for pictures and answers the chosen files with a preview address', async () => {
    const media = h5Media(() => env());
    let clicked: HTMLInputElement | undefined;
    jest.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {
      clicked = document.querySelector<HTMLInputElement>('input[type=file]') ?? undefined;
    });
    const picked = media.pickPhotos({ count: 3 });
    expect(clicked).toBeDefined();
    expect(clicked!.type).toBe('file');
    expect(clicked!.accept).toBe('image/*');
    expect(clicked!.multiple).toBe(true);
    expect(clicked!.hasAttribute('capture')).toBe(false);
    expect(document.body.contains(clicked!)).toBe(true);
    const a = new File([new Uint8Array(10)], 'a.jpg', { type: 'image/jpeg' });
    const b = new File([new Uint8Array(20)], 'b.png', { type: 'image/png' });
    const c = new File([new Uint8Array(30)], 'c.png', { type: 'image/png' });
    const d = new File([new Uint8Array(40)], 'd.png', { type: 'image/png' });
    choose(clicked!, [a, b, c, d]);
    const files = await picked;
    expect(files).toEqual([
      { path: 'blob:a.jpg', size: 10, name: 'a.jpg', blob: a },
      { path: 'blob:b.png', size: 20, name: 'b.png', blob: b },
      { path: 'blob:c.png', size: 30, name: 'c.png', blob: c },
    ]);
    // The input leaves the page once the choice is made.
    expect(document.body.contains(clicked!)).toBe(false);
  });

  it('asks the camera with capture, one file when one is wanted, and answers [] on cancel', async () => {
    const media = h5Media(() => env(true));
    expect(media.cameraChoice()).toBe(true);
    let clicked: HTMLInputElement | undefined;
    jest.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {
      clicked = document.querySelector<HTMLInputElement>('input[type=file]') ?? undefined;
    });
    const picked = media.pickPhotos({ count: 1, source: 'camera' });
    expect(clicked!.getAttribute('capture')).toBe('environment');
    expect(clicked!.multiple).toBe(false);
    clicked!.dispatchEvent(new Event('cancel'));
    await expect(picked).resolves.toEqual([]);
    expect(h5Media(() => env(false)).cameraChoice()).toBe(false);
  });

  it('leaves full-size pictures to the screen (preview answers false)', () => {
    expect(h5.media.preview(['/a.jpg'], '/a.jpg')).toBe(false);
  });
});

/** A fake XMLHttpRequest: records what was sent; the test drives its progress and answer. */
class FakeXhr {
  static made: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: XhrLike['upload'] = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  constructor() {
    FakeXhr.made.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

describe('H5 upload (XMLHttpRequest)', () => {
  beforeEach(() => {
    FakeXhr.made = [];
  });
  const file = (name: string, size: number): PickedFile => ({
    path: `blob:${name}`,
    size,
    name,
    blob: new Blob([new Uint8Array(size)], { type: 'image/jpeg' }),
  });
  const make = () => new FakeXhr() as unknown as XhrLike;
  const nextTick = () => new Promise((r) => setTimeout(r, 0));
  const base: UploadOptions = {
    url: '/api/szeat/uploadphoto',
    files: [file('a.jpg', 100)],
    fieldName: 'photo',
    extraFields: { kind: 'rating' },
    headers: { Authorization: 'Bearer t', 'Accept-Language': 'en' },
    withCredentials: true,
    allowedExtensions: ['jpg', 'png'],
    maxSizeKb: 1,
  };

  it('posts the picture as multipart under the field name, with extra fields, headers and credentials', async () => {
    const onProgress = jest.fn();
    const done = xhrUpload({ ...base, onProgress }, make);
    await nextTick();
    const xhr = FakeXhr.made[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/szeat/uploadphoto');
    expect(xhr.headers).toEqual({ Authorization: 'Bearer t', 'Accept-Language': 'en' });
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.body!.get('kind')).toBe('rating');
    const sent = xhr.body!.get('photo') as File;
    expect(sent.name).toBe('a.jpg');
    expect(sent.size).toBe(100);
    // Extra fields go first: the server reads the parts in order.
    expect([...xhr.body!.keys()]).toEqual(['kind', 'photo']);
    xhr.progress(25, 100);
    xhr.progress(50, 100);
    xhr.answer(200, '{"code":1000,"msg":"ok","data":{"id":7}}');
    await expect(done).resolves.toEqual([{ statusCode: 200, data: { code: 1000, msg: 'ok', data: { id: 7 } } }]);
    expect(onProgress.mock.calls.map((c) => c[0] as number)).toEqual([25, 50, 100]);
  });

  it('checks format and size before sending: their callbacks, nothing sent', async () => {
    const onFormatError = jest.fn();
    const onSizeError = jest.fn();
    const gif = { ...file('x.gif', 10) };
    const big = file('big.png', 2048);
    const results = await xhrUpload({ ...base, files: [gif, big], multiple: true, onFormatError, onSizeError }, make);
    expect(results).toEqual([]);
    expect(onFormatError).toHaveBeenCalledWith(gif);
    expect(onSizeError).toHaveBeenCalledWith(big);
    expect(FakeXhr.made).toHaveLength(0);
  });

  it('takes only the first file unless multiple', async () => {
    const done = xhrUpload({ ...base, files: [file('a.jpg', 10), file('b.jpg', 10)] }, make);
    await nextTick();
    FakeXhr.made[0]!.answer(200, '{}');
    await done;
    expect(FakeXhr.made).toHaveLength(1);
  });

  it('makes a non-2xx answer an UploadError with its status and the server envelope', async () => {
    const done = xhrUpload(base, make);
    await nextTick();
    FakeXhr.made[0]!.answer(413, '{"code":1003,"msg":"too large","data":{"field":"file"}}');
    const err = (await done.catch((e: unknown) => e)) as UploadError;
    expect(err).toBeInstanceOf(UploadError);
    expect(err.statusCode).toBe(413);
    expect(err.data).toEqual({ code: 1003, msg: 'too large', data: { field: 'file' } });
  });

  it('makes a network failure an UploadError without a status', async () => {
    const done = xhrUpload(base, make);
    await nextTick();
    FakeXhr.made[0]!.onerror!();
    const err = (await done.catch((e: unknown) => e)) as UploadError;
    expect(err).toBeInstanceOf(UploadError);
    expect(err.statusCode).toBeUndefined();
  });

  it('is what the H5 platform uses (not Taro.uploadFile)', async () => {
    const saved = globalThis.XMLHttpRequest;
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
    try {
      const done = h5.upload(base);
      await nextTick();
      expect(FakeXhr.made).toHaveLength(1);
      FakeXhr.made[0]!.answer(200, '{}');
      await done;
      expect(fakeTaro.uploadFile).not.toHaveBeenCalled();
    } finally {
      globalThis.XMLHttpRequest = saved;
    }
  });
});
