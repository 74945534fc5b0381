import { Map } from '@tarojs/components';
import type { MapViewProps } from './types';
import './index.scss';

export type { MapMarker, MapPoint, MapViewProps } from './types';

/**
 * Marker pictures as files of the package (copied by config/index.ts): WeChat's map takes a package path, a network
 * address or a temporary file for `iconPath`, not a data: URI (which the bundler makes of pictures under its
 * inlining limit).
 */
export const MARKER_ICONS = { pin: '/assets/map/pin.png', dot: '/assets/map/dot.png' } as const;
const { pin, dot } = MARKER_ICONS;

/** Mini program: WeChat's native map, which takes GCJ-02 as our API does. */
export function MapView({ center, point, markers, zoom, onPick, onMarkerTap, className }: MapViewProps) {
  const all = [
    ...(point
      ? [{ id: 0, latitude: point.lat, longitude: point.lng, iconPath: pin, width: 24, height: 32, zIndex: 2 }]
      : []),
    ...(markers ?? []).map((m) => ({
      id: m.id,
      latitude: m.lat,
      longitude: m.lng,
      iconPath: dot,
      width: 16,
      height: 16,
      title: m.label,
      zIndex: 1,
    })),
  ];
  return (
    <Map
      className={`map-view ${className ?? ''}`}
      latitude={center.lat}
      longitude={center.lng}
      scale={zoom ?? 14}
      markers={all}
      // Taro's types require it; a map that fails to load only shows its grey background.
      onError={() => undefined}
      onTap={(e) => {
        const detail = e.detail as { latitude?: number; longitude?: number };
        if (typeof detail?.latitude === 'number' && typeof detail.longitude === 'number') {
          onPick?.({ lat: detail.latitude, lng: detail.longitude });
        }
      }}
      onMarkerTap={(e) => {
        const id = Number(e.detail.markerId);
        if (id > 0) onMarkerTap?.(id);
      }}
    />
  );
}
