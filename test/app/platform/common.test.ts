import { fakeTaro, resetFakeTaro } from '../support/fake-taro';
import { acceptedFiles, extensionOf, taroRequest, taroStorage, taroUpload } from '../../../src/platform/common';
import { feedbackWith } from '../../../src/platform/feedback';
import { taroInteraction } from '../../../src/platform/taro-interaction';
import { TransportError, UploadError, type PickedFile, type UploadOptions } from '../../../src/platform/types';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/fake-taro').fakeTaroModule);

beforeEach(() => {
  resetFakeTaro();
});

describe('taroStorage', () => {
  it('stores, reads back and removes values of any JSON type', () => {
    taroStorage.set('token', 'abc');
    taroStorage.set('userInfo', { name: 'Li Lei' });
    expect(fakeTaro.setStorageSync).toHaveBeenCalledWith('token', 'abc');
    expect(taroStorage.get<string>('token')).toBe('abc');
    expect(taroStorage.get('userInfo')).toEqual({ name: 'Li Lei' });
    taroStorage.remove('token');
    expect(fakeTaro.removeStorageSync).toHaveBeenCalledWith('token');
    expect(taroStorage.get('token')).toBeUndefined();
    expect(taroStorage.get('userInfo')).toEqual({ name: 'Li Lei' });
  });

  it('reads a missing key (Taro gives "") as undefined', () => {
    expect(fakeTaro.getStorageSync('nope')).toBe('');
    expect(taroStorage.get('nope')).toBeUndefined();
  });

  it('keeps falsy values that are not "missing"', () => {
    taroStorage.set('zero', 0);
    taroStorage.set('no', false);
    expect(taroStorage.get('zero')).toBe(0);
    expect(taroStorage.get('no')).toBe(false);
  });

  it('reads undefined when the storage API throws', () => {
    fakeTaro.getStorageSync.mockImplementation(() => {
      throw new Error('getStorageSync:fail');
    });
    expect(taroStorage.get('token')).toBeUndefined();
  });
});

describe('taroRequest', () => {
  const req = { url: 'https://api.test/api/szeat/me', method: 'GET' as const, header: { 'Accept-Language': 'en' } };

  it('passes url, method, data and headers, and answers status and body', async () => {
    fakeTaro.request.mockResolvedValueOnce({ statusCode: 201, data: { code: 1000, msg: '', data: 7 } });
    const res = await taroRequest({ ...req, method: 'POST', data: { a: 1 } });
    expect(res).toEqual({ statusCode: 201, data: { code: 1000, msg: '', data: 7 } });
    const sent = fakeTaro.request.mock.calls[0]![0];
    expect(sent).toMatchObject({
      url: req.url,
      method: 'POST',
      data: { a: 1 },
      header: { 'Accept-Language': 'en' },
      dataType: 'json',
    });
  });

  it('answers non-2xx statuses instead of throwing', async () => {
    fakeTaro.request.mockResolvedValueOnce({ statusCode: 503, data: null });
    await expect(taroRequest(req)).resolves.toEqual({ statusCode: 503, data: null });
  });

  it('sets no timeout unless asked (spec §9: HTTP timeout none)', async () => {
    await taroRequest(req);
    expect(fakeTaro.request.mock.calls[0]![0]).not.toHaveProperty('timeout');
    await taroRequest({ ...req, timeout: 5000 });
    expect(fakeTaro.request.mock.calls[1]![0]).toHaveProperty('timeout', 5000);
  });

  it('aborts the request task when the signal aborts, and fails as cancel', async () => {
    const abort = jest.fn();
    let rejectTask: (err: unknown) => void = () => undefined;
    fakeTaro.request.mockImplementationOnce(() =>
      Object.assign(
        new Promise<never>((_, reject) => {
          rejectTask = reject;
        }),
        { abort: () => (abort(), rejectTask({ errMsg: 'request:fail abort' })) },
      ),
    );
    const controller = new AbortController();
    const pending = taroRequest({ ...req, signal: controller.signal }).catch((e: unknown) => e);
    expect(abort).not.toHaveBeenCalled();
    controller.abort();
    const err = await pending;
    expect(abort).toHaveBeenCalledTimes(1);
    expect((err as TransportError).kind).toBe('cancel');
  });

  it('does not send a request whose signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const err = await taroRequest({ ...req, signal: controller.signal }).catch((e: unknown) => e);
    expect((err as TransportError).kind).toBe('cancel');
    expect(fakeTaro.request).not.toHaveBeenCalled();
  });

  it.each([
    [{ errMsg: 'request:fail timeout' }, 'timeout'],
    [{ errMsg: 'request:fail abort' }, 'cancel'],
    [{ errMsg: 'request:fail canceled' }, 'cancel'],
    [{ errMsg: 'request:fail net::ERR_CONNECTION_REFUSED' }, 'network'],
    [new TypeError('Failed to fetch'), 'network'],
    ['something odd', 'network'],
  ])('maps the failure %p to a TransportError of kind %s', async (failure, kind) => {
    fakeTaro.request.mockRejectedValueOnce(failure);
    const err = await taroRequest(req).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect((err as TransportError).kind).toBe(kind);
  });

  it('reports an abort after the requested timeout as a timeout', async () => {
    jest.useFakeTimers();
    try {
      fakeTaro.request.mockImplementationOnce(
        () =>
          new Promise((_, reject) => {
            setTimeout(
              () =>
                reject(
                  Object.assign(new Error('The user aborted a request.'), { errMsg: 'The user aborted a request.' }),
                ),
              3000,
            );
          }),
      );
      const pending = taroRequest({ ...req, timeout: 3000 }).catch((e: unknown) => e);
      jest.advanceTimersByTime(3000);
      const err = await pending;
      expect(err).toBeInstanceOf(TransportError);
      expect((err as TransportError).kind).toBe('timeout');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('upload', () => {
  const jpg: PickedFile = { path: 'blob:1', name: 'photo.JPG', size: 100 * 1024 };
  const png: PickedFile = { path: 'wxfile://tmp/abc.png', size: 10 * 1024 };
  const gif: PickedFile = { path: 'blob:3', name: 'anim.gif', size: 1024 };
  const base: UploadOptions = { url: 'https://api.test/api/szeat/uploadphoto', files: [jpg] };

  it('reads the extension from the name, else the path, ignoring case and a query', () => {
    expect(extensionOf(jpg)).toBe('jpg');
    expect(extensionOf(png)).toBe('png');
    expect(extensionOf({ path: 'http://x/y.jpeg?v=2', size: 1 })).toBe('jpeg');
    expect(extensionOf({ path: 'blob:abc', size: 1 })).toBe('');
  });

  it('sends the file under the field name with the extra fields, headers and credentials', async () => {
    await taroUpload({
      ...base,
      fieldName: 'photo',
      extraFields: { order_id: '9' },
      headers: { Authorization: 'Bearer t' },
      withCredentials: true,
    });
    expect(fakeTaro.uploadFile).toHaveBeenCalledTimes(1);
    expect(fakeTaro.uploads[0]!.options).toMatchObject({
      url: base.url,
      filePath: 'blob:1',
      name: 'photo',
      formData: { order_id: '9' },
      header: { Authorization: 'Bearer t' },
      withCredentials: true,
    });
  });

  it("defaults the field name to 'file' and leaves credentials to Taro when not given", async () => {
    await taroUpload(base);
    const sent = fakeTaro.uploads[0]!.options;
    expect(sent.name).toBe('file');
    expect(sent.formData).toEqual({});
    expect(sent).not.toHaveProperty('withCredentials');
  });

  it("sends the picked file's own name (Taro H5 otherwise names it file-<time>, losing the extension)", async () => {
    await taroUpload(base);
    expect(fakeTaro.uploads[0]!.options.fileName).toBe('photo.JPG');
  });

  it('parses a JSON body and keeps a non-JSON body as text', async () => {
    fakeTaro.setUploadOutcomes([
      { statusCode: 200, data: '{"code":1000,"msg":"ok","data":{"url":"/u/1.jpg"}}' },
      { statusCode: 200, data: 'plain text' },
    ]);
    const results = await taroUpload({ ...base, files: [jpg, png], multiple: true });
    expect(results).toEqual([
      { statusCode: 200, data: { code: 1000, msg: 'ok', data: { url: '/u/1.jpg' } } },
      { statusCode: 200, data: 'plain text' },
    ]);
  });

  it('reports overall progress across the files', async () => {
    fakeTaro.setUploadProgress([50, 100]);
    const onProgress = jest.fn();
    await taroUpload({ ...base, files: [jpg, png], multiple: true, onProgress });
    expect(onProgress.mock.calls.map((c) => c[0])).toEqual([25, 50, 75, 100]);
  });

  it('takes only the first file when multiple is off, every file when on', async () => {
    await taroUpload({ ...base, files: [jpg, png, gif] });
    expect(fakeTaro.uploads.map((u) => u.options.filePath)).toEqual(['blob:1']);
    resetFakeTaro();
    await taroUpload({ ...base, files: [jpg, png, gif], multiple: true });
    expect(fakeTaro.uploads.map((u) => u.options.filePath)).toEqual(['blob:1', 'wxfile://tmp/abc.png', 'blob:3']);
  });

  it('rejects a file with an extension outside the list: onFormatError, not uploaded', async () => {
    const onFormatError = jest.fn();
    const onSizeError = jest.fn();
    const results = await taroUpload({
      ...base,
      files: [jpg, gif, png],
      multiple: true,
      allowedExtensions: ['.jpg', 'PNG'],
      onFormatError,
      onSizeError,
    });
    expect(onFormatError).toHaveBeenCalledTimes(1);
    expect(onFormatError).toHaveBeenCalledWith(gif);
    expect(onSizeError).not.toHaveBeenCalled();
    expect(fakeTaro.uploads.map((u) => u.options.filePath)).toEqual(['blob:1', 'wxfile://tmp/abc.png']);
    expect(results).toHaveLength(2);
  });

  it('rejects a file larger than maxSizeKb: onSizeError, not uploaded; exactly the limit passes', async () => {
    const onSizeError = jest.fn();
    const big: PickedFile = { path: 'blob:big', name: 'big.jpg', size: 500 * 1024 + 1 };
    const limit: PickedFile = { path: 'blob:limit', name: 'limit.jpg', size: 500 * 1024 };
    await taroUpload({ ...base, files: [big, limit], multiple: true, maxSizeKb: 500, onSizeError });
    expect(onSizeError).toHaveBeenCalledTimes(1);
    expect(onSizeError).toHaveBeenCalledWith(big);
    expect(fakeTaro.uploads.map((u) => u.options.filePath)).toEqual(['blob:limit']);
  });

  it('checks only the first file when multiple is off', () => {
    const onFormatError = jest.fn();
    const kept = acceptedFiles({ ...base, files: [jpg, gif], allowedExtensions: ['jpg'], onFormatError });
    expect(kept).toEqual([jpg]);
    expect(onFormatError).not.toHaveBeenCalled();
  });

  it('throws an UploadError carrying the status for a non-2xx answer', async () => {
    fakeTaro.setUploadOutcomes([{ statusCode: 413, data: 'too large' }]);
    const err = await taroUpload(base).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UploadError);
    expect((err as UploadError).statusCode).toBe(413);
  });

  it('throws an UploadError when the upload itself fails, without an unhandled rejection', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      fakeTaro.setUploadOutcomes([{ errMsg: 'uploadFile:fail abort' }]);
      const err = await taroUpload(base).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UploadError);
      expect((err as UploadError).message).toBe('uploadFile:fail abort');
      expect((err as UploadError).statusCode).toBeUndefined();
      await new Promise((r) => setTimeout(r, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('feedback on Taro (the mini program: wx through Taro, synchronously)', () => {
  const taroFeedback = feedbackWith(() => taroInteraction);

  it('shows toasts with the icon of their kind', () => {
    taroFeedback.toast('Saved', 'success');
    taroFeedback.toast('Failed', 'error');
    taroFeedback.toast('Note');
    expect(fakeTaro.showToast.mock.calls.map((c) => [c[0].title, c[0].icon])).toEqual([
      ['Saved', 'success'],
      ['Failed', 'error'],
      ['Note', 'none'],
    ]);
  });

  it('drops the icon of a long message, which WeChat would cut after 7 Chinese characters', () => {
    taroFeedback.toast('登录成功', 'success');
    taroFeedback.toast('密码已修改，请重新登录', 'success');
    taroFeedback.toast('Registration Successful', 'success');
    taroFeedback.toast('Wrong e-mail or password', 'error');
    expect(fakeTaro.showToast.mock.calls.map((c) => [c[0].title, c[0].icon])).toEqual([
      ['登录成功', 'success'],
      ['密码已修改，请重新登录', 'none'],
      ['Registration Successful', 'none'],
      ['Wrong e-mail or password', 'none'],
    ]);
  });

  it('asks a yes/no question and answers whether it was confirmed', async () => {
    await expect(
      taroFeedback.confirm('Delete this address?', { confirmText: 'Delete', cancelText: 'Cancel' }),
    ).resolves.toBe(true);
    expect(fakeTaro.showModal).toHaveBeenCalledWith({
      content: 'Delete this address?',
      showCancel: true,
      confirmText: 'Delete',
      cancelText: 'Cancel',
    });
    fakeTaro.showModal.mockResolvedValueOnce({ errMsg: 'showModal:ok', confirm: false, cancel: true });
    await expect(taroFeedback.confirm('Again?')).resolves.toBe(false);
    fakeTaro.showModal.mockRejectedValueOnce(new Error('showModal:fail'));
    await expect(taroFeedback.confirm('Broken?')).resolves.toBe(false);
  });

  it('a button label wider than 4 Chinese characters gives way to the platform default instead of failing the dialog', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await expect(
        taroFeedback.confirm('Deliver to this address?', { confirmText: 'Confirm', cancelText: 'Change address' }),
      ).resolves.toBe(true);
      expect(fakeTaro.showModal).toHaveBeenLastCalledWith({
        content: 'Deliver to this address?',
        showCancel: true,
        confirmText: 'Confirm',
      });
      await taroFeedback.confirm('确认送到以下地址？', { confirmText: '确认', cancelText: '修改地址' });
      expect(fakeTaro.showModal).toHaveBeenLastCalledWith(expect.objectContaining({ cancelText: '修改地址' }));
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });

  it('shows a masked spinner and hides it', () => {
    taroFeedback.showBusy('Loading');
    taroFeedback.hideBusy();
    expect(fakeTaro.showLoading).toHaveBeenCalledWith({ title: 'Loading', mask: true });
    expect(fakeTaro.hideLoading).toHaveBeenCalledTimes(1);
  });
});
