import Taro from '@tarojs/taro';
import type { Media, PickedFile, PickPhotosOptions } from './types';

/** The customer closed the sheet or the album: not an error. */
const CANCELLED = /cancel/i;

type ChooseSource = 'album' | 'camera';

/**
 * The mini program's pictures: `chooseMedia` (pictures only, compressed copies, camera and album unless one is
 * asked) and `previewImage` for showing them full size.
 */
export const weappMedia: Media = {
  async pickPhotos({ count, source = 'any' }: PickPhotosOptions): Promise<PickedFile[]> {
    const sourceType: ChooseSource[] = source === 'any' ? ['album', 'camera'] : [source];
    try {
      // Taro 4.2.1 passes chooseMedia through without promisifying it (it is not in its list of native APIs): the
      // callbacks answer, as they would for a promisified one.
      const res = await new Promise<Taro.chooseMedia.SuccessCallbackResult>((resolve, reject) => {
        const maybe = Taro.chooseMedia({
          count: Math.max(1, Math.min(9, count)),
          mediaType: ['image'],
          sourceType,
          sizeType: ['compressed'],
          success: resolve,
          fail: reject,
        }) as unknown as Promise<unknown> | undefined;
        maybe?.catch?.(() => undefined);
      });
      return (res.tempFiles ?? []).map((f) => ({
        path: f.tempFilePath,
        size: f.size,
        name: f.tempFilePath.split('/').pop() ?? f.tempFilePath,
      }));
    } catch (err) {
      const errMsg = (err as { errMsg?: string } | undefined)?.errMsg ?? String(err);
      if (CANCELLED.test(errMsg)) return [];
      throw new Error(errMsg);
    }
  },
  cameraChoice: () => false,
  preview(urls, current) {
    const maybe = Taro.previewImage({ urls, current, fail: () => undefined }) as unknown as
      Promise<unknown> | undefined;
    maybe?.catch?.(() => undefined);
    return true;
  },
};
