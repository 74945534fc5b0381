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
      const res = await Taro.chooseMedia({
        count: Math.max(1, Math.min(9, count)),
        mediaType: ['image'],
        sourceType,
        sizeType: ['compressed'],
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
    void Taro.previewImage({ urls, current }).catch(() => undefined);
    return true;
  },
};
