import Taro from '@tarojs/taro';
import type { PickedFile, RawRequest, RawResponse, Storage, UploadOptions, UploadResult } from './types';
import { TransportError, UploadError } from './types';

/** Storage through Taro's synchronous API (localStorage on H5, wx storage in the mini program). */
export const taroStorage: Storage = {
  get<T>(key: string): T | undefined {
    try {
      const value: unknown = Taro.getStorageSync(key);
      return value === '' || value === null || value === undefined ? undefined : (value as T);
    } catch {
      return undefined;
    }
  },
  set(key, value) {
    Taro.setStorageSync(key, value);
  },
  remove(key) {
    Taro.removeStorageSync(key);
  },
};

function failureKind(errMsg: string): TransportError['kind'] {
  if (/timeout/i.test(errMsg)) return 'timeout';
  if (/abort|cancel/i.test(errMsg)) return 'cancel';
  return 'network';
}

/**
 * The mini program's request (wx.request through Taro; the H5 site uses fetch-request.ts). No timeout unless asked
 * (spec §9); `signal` aborts the request task.
 */
export async function taroRequest(req: RawRequest): Promise<RawResponse> {
  if (req.signal?.aborted) throw new TransportError('cancel', 'request:fail abort');
  const started = Date.now();
  const task = Taro.request({
    url: req.url,
    method: req.method,
    data: req.data,
    header: req.header,
    dataType: 'json',
    ...(req.timeout ? { timeout: req.timeout } : {}),
  });
  const onAbort = () => (task as { abort?: () => void }).abort?.();
  req.signal?.addEventListener('abort', onAbort);
  try {
    const res = await task;
    return { statusCode: res.statusCode, data: res.data };
  } catch (err) {
    const errMsg = (err as { errMsg?: string; message?: string })?.errMsg ?? (err as Error)?.message ?? String(err);
    let kind = failureKind(errMsg);
    // A timeout enforced by aborting the request reads like a cancel.
    if (kind === 'cancel' && req.timeout && Date.now() - started >= req.timeout) kind = 'timeout';
    throw new TransportError(kind, errMsg);
  } finally {
    req.signal?.removeEventListener('abort', onAbort);
  }
}

export function extensionOf(file: PickedFile): string {
  const name = file.name || file.path;
  const m = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(name);
  return m ? m[1]!.toLowerCase() : '';
}

/** Applies the spec's upload rules: first file only unless multiple, then extension and size checks. */
export function acceptedFiles(options: UploadOptions): PickedFile[] {
  const files = options.multiple ? options.files : options.files.slice(0, 1);
  const allowed = (options.allowedExtensions ?? []).map((e) => e.toLowerCase().replace(/^\./, ''));
  return files.filter((file) => {
    if (allowed.length > 0 && !allowed.includes(extensionOf(file))) {
      options.onFormatError?.(file);
      return false;
    }
    if (options.maxSizeKb !== undefined && file.size > options.maxSizeKb * 1024) {
      options.onSizeError?.(file);
      return false;
    }
    return true;
  });
}

export async function taroUpload(options: UploadOptions): Promise<UploadResult[]> {
  const files = acceptedFiles(options);
  const results: UploadResult[] = [];
  for (const [index, file] of files.entries()) {
    const result = await new Promise<UploadResult>((resolve, reject) => {
      const task = Taro.uploadFile({
        url: options.url,
        filePath: file.path,
        name: options.fieldName ?? 'file',
        // Taro H5 otherwise names the part `file-<time>`, losing the extension the server checks.
        ...(file.name ? { fileName: file.name } : {}),
        formData: options.extraFields ?? {},
        header: options.headers ?? {},
        ...(options.withCredentials !== undefined ? { withCredentials: options.withCredentials } : {}),
        success: (res) => resolve({ statusCode: res.statusCode, data: parseBody(res.data) }),
        fail: (err) => reject(new UploadError(err.errMsg || 'upload failed')),
      } as Taro.uploadFile.Option);
      // Taro's task is also a promise that rejects on failure; `fail` above already handles it.
      (task as unknown as Promise<unknown> | undefined)?.catch?.(() => undefined);
      task?.onProgressUpdate?.((p) => {
        options.onProgress?.(Math.round(((index + p.progress / 100) / files.length) * 100));
      });
    });
    if (result.statusCode < 200 || result.statusCode >= 300) {
      throw new UploadError(`upload failed with HTTP ${result.statusCode}`, result.statusCode, result.data);
    }
    results.push(result);
  }
  return results;
}

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

export { displayWidth, MODAL_BUTTON_MAX_WIDTH } from './feedback';
