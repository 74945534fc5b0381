import Taro from '@tarojs/taro';
import type { Contact, PlaceOnMap } from './types';

/** The characters a phone number may keep when it is dialled: digits, a leading +, and the separators - and space. */
export const dialable = (phone: string) => phone.replace(/[^\d+]/g, '');

/**
 * A map page for a place on H5: Amap's marker page takes our GCJ-02 position as it is (coordinate=gaode) and opens
 * the Amap app on a phone that has it, its web map elsewhere.
 */
export function mapUrl(place: PlaceOnMap): string {
  const q = new URLSearchParams({
    position: `${place.lng},${place.lat}`,
    name: place.name,
    src: 'szeat',
    coordinate: 'gaode',
    callnative: '1',
  });
  return `https://uri.amap.com/marker?${q.toString()}`;
}

/** H5: a tel: link dials (the phone's dialler, or the desktop's calling app); the map opens in a new tab. */
export function h5Contact(win: () => Pick<Window, 'location' | 'open'> = () => window): Contact {
  return {
    async call(phone) {
      const number = dialable(phone);
      if (!number) return false;
      win().location.href = `tel:${number}`;
      return true;
    },
    async showOnMap(place) {
      win().open(mapUrl(place), '_blank', 'noopener');
      return true;
    },
    mapUrl,
  };
}

/** Mini program: WeChat's own dialler sheet (makePhoneCall) and map (openLocation, GCJ-02 as ours). */
export const weappContact: Contact = {
  async call(phone) {
    const number = dialable(phone);
    if (!number) return false;
    try {
      await Taro.makePhoneCall({ phoneNumber: number });
      return true;
    } catch {
      // The customer closed the sheet.
      return false;
    }
  },
  async showOnMap(place) {
    try {
      await Taro.openLocation({
        latitude: place.lat,
        longitude: place.lng,
        name: place.name,
        address: place.address,
        scale: 16,
      });
      return true;
    } catch {
      return false;
    }
  },
  mapUrl: () => '',
};
