import { Map } from '@tarojs/components';
import dot from '../../assets/map/dot.png';
import pin from '../../assets/map/pin.png';
import type { MapViewProps } from './types';
import './index.scss';

export type { MapMarker, MapPoint, MapViewProps } from './types';

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
