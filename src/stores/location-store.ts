import { makeAutoObservable, reaction, runInAction } from 'mobx';
import type { Area, Building, City } from '../../types/api/places';
import type { Lang } from '../../types/lang';
import type { TFunction } from '../i18n';
import { GeolocationError, type LatLng, type Location, type Storage } from '../platform/types';
import type { PlacesApi } from '../services';

/** Where the spec's "Location: an object saved locally" lives. */
export const LOCATION_KEY = 'location';

/** The map's starting point before anything is known: central Shenzhen (GCJ-02). */
export const DEFAULT_CENTER: LatLng = { lat: 22.5431, lng: 114.0579 };

/** The delivery address the customer chose; positions are GCJ-02 like the API's. */
export interface ChosenLocation {
  lat: number;
  lng: number;
  /** What the customer sees: the building, the area, or the known address nearest to a point. */
  name: string;
  address: string;
  source: 'building' | 'area' | 'map' | 'device';
  city_id?: number;
  area_id?: number;
  building_id?: number;
  /** map and device: metres from the point to the address named above. */
  distance_m?: number;
  /** The language name and address are in; another language fetches them again (same ids and position). */
  lang?: Lang;
}

export interface LocationDeps {
  storage: Storage;
  location: Location;
  places: () => Pick<PlacesApi, 'closest' | 'ipLocation' | 'areas' | 'buildings'>;
  t: () => TFunction;
  lang: () => Lang;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function restore(value: unknown): ChosenLocation | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Partial<ChosenLocation>;
  if (!isNumber(v.lat) || !isNumber(v.lng) || Math.abs(v.lat) > 90 || Math.abs(v.lng) > 180) return undefined;
  if (typeof v.name !== 'string' || !['building', 'area', 'map', 'device'].includes(String(v.source))) return undefined;
  return { ...v, address: typeof v.address === 'string' ? v.address : '' } as ChosenLocation;
}

/**
 * The delivery location (DESIGN.md §3 LocationStore): the saved choice, the device's position (the spec's two
 * geolocation messages when it fails), the IP's city as the fallback starting point, and the nearest known address
 * of any point.
 */
export class LocationStore {
  chosen: ChosenLocation | undefined;
  /** The city of the caller's IP address (iplocation), once asked. */
  ipCity: City | undefined;
  locating = false;
  /** The last geolocation failure in the customer's language (spec §8), until the next attempt. */
  geoError: string | undefined;

  private ipAsked: Promise<City | undefined> | undefined;

  constructor(private readonly deps: LocationDeps) {
    this.chosen = restore(deps.storage.get<unknown>(LOCATION_KEY));
    makeAutoObservable<LocationStore, 'deps' | 'ipAsked'>(this, { deps: false, ipAsked: false });
    // The mini program changes language without a new store (reLaunch); H5 reloads and calls followLanguage at start.
    reaction(
      () => this.deps.lang(),
      () => void this.followLanguage(),
    );
  }

  /** Where the map looks: the chosen address, else the IP's city, else central Shenzhen. */
  get center(): LatLng {
    if (this.chosen) return { lat: this.chosen.lat, lng: this.chosen.lng };
    if (this.ipCity) return { lat: this.ipCity.lat, lng: this.ipCity.lng };
    return DEFAULT_CENTER;
  }

  /** A key that changes whenever the chosen position does (for reloading what depends on it). */
  get key(): string {
    return this.chosen ? `${this.chosen.lat.toFixed(6)},${this.chosen.lng.toFixed(6)}` : '';
  }

  choose(location: ChosenLocation) {
    this.chosen = { ...location, lang: this.deps.lang() };
    this.deps.storage.set(LOCATION_KEY, this.chosen);
  }

  /**
   * The chosen address in the customer's language: names saved in another language (or before the language was
   * saved with them) are fetched again by id; the position, and so everything loaded for it, stays. A failure keeps
   * the old names and tries again at the next start.
   */
  async followLanguage(): Promise<void> {
    const was = this.chosen;
    const lang = this.deps.lang();
    if (!was || was.lang === lang) return;
    let names: Pick<ChosenLocation, 'name' | 'address'> | undefined;
    try {
      names = await this.namesOf(was);
    } catch {
      return;
    }
    // Still the same choice and language: the customer may have chosen again meanwhile.
    if (!names || this.chosen !== was || this.deps.lang() !== lang) return;
    this.choose({ ...was, ...names });
  }

  private async namesOf(c: ChosenLocation): Promise<Pick<ChosenLocation, 'name' | 'address'> | undefined> {
    const places = this.deps.places();
    if (c.building_id !== undefined && c.area_id !== undefined) {
      const building = (await places.buildings({ area_id: c.area_id })).find((b) => b.id === c.building_id);
      return building && { name: building.name, address: building.address };
    }
    if (c.source === 'area' && c.area_id !== undefined) {
      const cities = await places.areas(c.city_id);
      for (const city of cities) {
        const area = city.areas.find((a) => a.id === c.area_id);
        if (area) return { name: area.name, address: city.name };
      }
      return undefined;
    }
    // A point without a known building (not saved by this version): name it after its nearest address again.
    const nearest = await places.closest(round(c.lat), round(c.lng));
    return { name: nearest.building.name, address: nearest.building.address };
  }

  clear() {
    this.chosen = undefined;
    this.deps.storage.remove(LOCATION_KEY);
  }

  chooseBuilding(building: Building) {
    this.choose({
      lat: building.lat,
      lng: building.lng,
      name: building.name,
      address: building.address,
      source: 'building',
      city_id: building.city_id,
      area_id: building.area_id,
      building_id: building.id,
    });
  }

  chooseArea(area: Area, cityName = '') {
    this.choose({
      lat: area.lat,
      lng: area.lng,
      name: area.name,
      address: cityName,
      source: 'area',
      city_id: area.city_id,
      area_id: area.id,
    });
  }

  /** A point on the map or of the device: named after the nearest known address. Server errors reach the caller. */
  async choosePoint(point: LatLng, source: 'map' | 'device'): Promise<ChosenLocation> {
    const nearest = await this.deps.places().closest(round(point.lat), round(point.lng));
    this.choose({
      lat: point.lat,
      lng: point.lng,
      name: nearest.building.name,
      address: nearest.building.address,
      source,
      city_id: nearest.city.id,
      area_id: nearest.area.id,
      building_id: nearest.building.id,
      distance_m: nearest.distance_m,
    });
    return this.chosen!;
  }

  /**
   * "Use my location": the device's position, named after its nearest address. When the position cannot be had,
   * geoError says why in the spec's words and the map falls back to the IP's city; resolves undefined then.
   */
  async locateDevice(): Promise<ChosenLocation | undefined> {
    this.locating = true;
    this.geoError = undefined;
    try {
      let point: LatLng;
      try {
        point = await this.deps.location.current();
      } catch (err) {
        const message = this.geolocationMessage(err);
        runInAction(() => {
          this.geoError = message;
        });
        await this.locateByIp();
        return undefined;
      }
      return await this.choosePoint(point, 'device');
    } finally {
      runInAction(() => {
        this.locating = false;
      });
    }
  }

  /** The IP's city (asked once); undefined when the call fails, which only leaves the map on its default. */
  locateByIp(): Promise<City | undefined> {
    this.ipAsked ??= Promise.resolve()
      .then(() => this.deps.places().ipLocation())
      .then((found) => {
        runInAction(() => {
          this.ipCity = found.city;
        });
        return found.city;
      })
      .catch(() => {
        // Only the map's starting point depends on it; ask again next time.
        this.ipAsked = undefined;
        return undefined;
      });
    return this.ipAsked;
  }

  /** Spec §8: "Geolocation is not supported by this browser." or "Error getting geolocation:" plus the reason. */
  geolocationMessage(err: unknown): string {
    const t = this.deps.t();
    if (err instanceof GeolocationError && err.kind === 'unsupported') return t('location.geo_unsupported');
    // The platform's own reason is English whatever the language: say the standard reason in the customer's words.
    const failure = err instanceof GeolocationError ? err.failure : 'unknown';
    return t('location.geo_error', { reason: t(`location.geo_reason.${failure}`) });
  }

  dismissGeoError() {
    this.geoError = undefined;
  }
}

/** Six decimals (about 0.1 m) is all the API needs, and keeps URLs short. */
const round = (x: number) => Math.round(x * 1e6) / 1e6;
