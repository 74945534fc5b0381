import type { DelRatingResult, MyRating, MyRatings, SaveRatingBody, UploadedPhoto } from '../../types/api/ratings';
import { PHOTO_EXTENSIONS, PHOTO_FIELD_NAME, PHOTO_MAX_KB } from '../../types/constants';
import type { PickedFile } from '../platform/types';
import type { Http } from './http';

export interface PhotoUploadCallbacks {
  onProgress?: (percent: number) => void;
  onFormatError?: (file: PickedFile) => void;
  onSizeError?: (file: PickedFile) => void;
}

/** The customer's ratings: photos (multipart upload), saving, deleting and listing them. */
export function ratingsApi(http: Http) {
  return {
    /**
     * One picture (spec §5: the allowed extensions and the size limit checked before sending; the server checks the
     * bytes again). Undefined when the check refused it (its callback said why).
     */
    uploadPhoto: (file: PickedFile, callbacks: PhotoUploadCallbacks = {}) =>
      http.upload<UploadedPhoto>('uploadphoto', file, {
        fieldName: PHOTO_FIELD_NAME,
        allowedExtensions: [...PHOTO_EXTENSIONS],
        maxSizeKb: PHOTO_MAX_KB,
        ...callbacks,
      }),
    save: (body: SaveRatingBody) => http.post<MyRating>('saverating', { ...body }, { busy: true }),
    remove: (id: number) => http.post<DelRatingResult>('delrating', { id }, { busy: true }),
    list: (page: number, pageSize?: number) => http.get<MyRatings>('ratingslist', { page, page_size: pageSize }),
  };
}

export type RatingsApi = ReturnType<typeof ratingsApi>;
