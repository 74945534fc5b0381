import { acceptedFiles } from './common';
import type { PickedFile, UploadOptions, UploadResult } from './types';
import { UploadError } from './types';

/** The parts of XMLHttpRequest the upload uses (tests hand in a fake). */
export type XhrLike = Pick<
  XMLHttpRequest,
  'open' | 'send' | 'setRequestHeader' | 'abort' | 'status' | 'responseText' | 'withCredentials'
> & {
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
  ontimeout: (() => void) | null;
};

async function blobOf(file: PickedFile): Promise<Blob> {
  if (file.blob) return file.blob;
  // A picture known only by its address (an object URL made elsewhere).
  const res = await fetch(file.path);
  return res.blob();
}

function parseBody(text: string): unknown {
  if (text === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The H5 upload: the spec's checks (first file only unless multiple, extension, size in KB) before anything is sent,
 * then one multipart POST per file through XMLHttpRequest, whose upload progress fetch does not report. Extra fields
 * go before the file (the server reads the parts in order); headers and credentials as asked. A non-2xx answer, a
 * network failure or an abort rejects with an UploadError (with the status when there was one).
 */
export async function xhrUpload(
  options: UploadOptions,
  makeXhr: () => XhrLike = () => new XMLHttpRequest() as unknown as XhrLike,
): Promise<UploadResult[]> {
  const files = acceptedFiles(options);
  const results: UploadResult[] = [];
  for (const [index, file] of files.entries()) {
    const form = new FormData();
    for (const [k, v] of Object.entries(options.extraFields ?? {})) form.append(k, v);
    form.append(options.fieldName ?? 'file', await blobOf(file), file.name || 'photo.jpg');
    const result = await new Promise<UploadResult>((resolve, reject) => {
      const xhr = makeXhr();
      xhr.open('POST', options.url);
      for (const [k, v] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(k, v);
      if (options.withCredentials !== undefined) xhr.withCredentials = options.withCredentials;
      xhr.upload.onprogress = (e) => {
        if (!e.lengthComputable || e.total <= 0) return;
        options.onProgress?.(Math.round(((index + Math.min(1, e.loaded / e.total)) / files.length) * 100));
      };
      xhr.onload = () => resolve({ statusCode: xhr.status, data: parseBody(xhr.responseText) });
      xhr.onerror = () => reject(new UploadError('upload:fail network'));
      xhr.onabort = () => reject(new UploadError('upload:fail abort'));
      xhr.ontimeout = () => reject(new UploadError('upload:fail timeout'));
      xhr.send(form);
    });
    if (result.statusCode < 200 || result.statusCode >= 300) {
      throw new UploadError(`upload failed with HTTP ${result.statusCode}`, result.statusCode, result.data);
    }
    options.onProgress?.(Math.round(((index + 1) / files.length) * 100));
    results.push(result);
  }
  return results;
}
