import { useEffect, useRef, useState } from 'react';
import { useStores } from '../../stores';
import type { LeafletHandle } from './leaflet-map';
import type { MapViewProps } from './types';
import './index.scss';

export type { MapMarker, MapPoint, MapViewProps } from './types';

/**
 * H5: a Leaflet map, loaded on first use so it stays out of the site's first load. Tiles come from the configured
 * tile server; without network the map keeps its grey background, its markers and its taps.
 */
export function MapView(props: MapViewProps) {
  const { platform } = useStores();
  const holder = useRef<HTMLDivElement>(null);
  const handle = useRef<LeafletHandle>();
  const latest = useRef(props);
  latest.current = props;
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let disposed = false;
    const { map } = platform;
    import('./leaflet-map')
      .then(({ createLeafletMap }) => {
        if (disposed || !holder.current) return;
        handle.current = createLeafletMap(holder.current, {
          tileUrl: map.tileUrl,
          attribution: map.attribution,
          onClick: (p) => latest.current.onPick?.(map.fromMap(p)),
          onMarkerClick: (id) => latest.current.onMarkerTap?.(id),
        });
        setReady(true);
      })
      .catch(() => {
        if (!disposed) setFailed(true);
      });
    return () => {
      disposed = true;
      handle.current?.destroy();
      handle.current = undefined;
    };
  }, [platform]);

  const { center, point, markers, zoom } = props;
  useEffect(() => {
    const { map } = platform;
    handle.current?.update({
      center: map.toMap(center),
      point: point ? map.toMap(point) : undefined,
      markers: (markers ?? []).map((m) => ({ ...m, ...map.toMap(m) })),
      zoom: zoom ?? 14,
    });
  }, [platform, ready, center, point, markers, zoom]);

  return (
    <div
      className={`map-view ${failed ? 'map-view--failed' : ''} ${props.className ?? ''}`}
      ref={holder}
      role='application'
      aria-label={props.label}
    />
  );
}
