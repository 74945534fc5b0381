import type { Media, PickedFile, PickPhotosOptions } from './types';

/** What the H5 picker needs of the page (tests hand in their own). */
export interface PickerEnv {
  document: Document;
  createObjectURL(file: Blob): string;
  /** True on a touch phone, where the camera is offered apart from the album. */
  coarsePointer(): boolean;
}

function browserEnv(): PickerEnv {
  return {
    document,
    createObjectURL: (file) => URL.createObjectURL(file),
    coarsePointer: () => typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches,
  };
}

/**
 * The H5 site's pictures: a file input (`accept="image/*"`, several files when more than one may be chosen,
 * `capture="environment"` when the camera is asked for), added to the page while the browser's chooser is open.
 * Pictures are shown full size by the screen's own dialog (preview answers false).
 */
export function h5Media(env: () => PickerEnv = browserEnv): Media {
  return {
    pickPhotos({ count, source = 'any' }: PickPhotosOptions): Promise<PickedFile[]> {
      const { document: doc, createObjectURL } = env();
      const input = doc.createElement('input');
      input.type = 'file';
      input.accept = 'image/*';
      input.multiple = count > 1;
      if (source === 'camera') input.setAttribute('capture', 'environment');
      input.className = 'szeat-file-input';
      input.setAttribute('aria-hidden', 'true');
      input.tabIndex = -1;
      input.style.cssText = 'position:fixed;left:-9999px;width:1px;height:1px;opacity:0';
      doc.body.appendChild(input);
      return new Promise<PickedFile[]>((resolve) => {
        const done = (files: PickedFile[]) => {
          input.remove();
          resolve(files);
        };
        input.addEventListener('change', () => {
          const chosen = Array.from(input.files ?? []).slice(0, Math.max(1, count));
          done(chosen.map((file) => ({ path: createObjectURL(file), size: file.size, name: file.name, blob: file })));
        });
        // Chromium and Safari 16.4+ tell when the chooser was closed without a choice.
        input.addEventListener('cancel', () => done([]));
        input.click();
      });
    },
    cameraChoice: () => env().coarsePointer(),
    preview: () => false,
  };
}
