import type {
  AdList,
  AdListQuery,
  CuisineList,
  PopupList,
  PromoList,
  PromoListQuery,
  UpdatePopupResult,
} from '../../types/api/catalogue';
import type { Http } from './http';

/** Cuisines, promotions, ads and pop-ups. */
export function catalogueApi(http: Http) {
  return {
    cuisines: () => http.get<CuisineList>('cuisineslist'),
    promotions: (query: PromoListQuery = {}) => http.get<PromoList>('promolist', { ...query }),
    ads: (query: AdListQuery = {}) => http.get<AdList>('adslist', { ...query }),
    /** Pop-ups the viewer (the logged-in user, else this device) has not seen at their current version. */
    popups: (deviceId: string) => http.get<PopupList>('popuplist', { device_id: deviceId }),
    /** Records that the viewer has seen a pop-up at its current version. */
    seePopup: (popupId: number, deviceId: string) =>
      http.post<UpdatePopupResult>('updatepopup', { popup_id: popupId, device_id: deviceId }),
  };
}

export type CatalogueApi = ReturnType<typeof catalogueApi>;
