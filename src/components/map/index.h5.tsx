import { useEffect, useRef, useState } from 'react';
import { useStores } from '../../stores';
import type { LeafletHandle } from './leaflet-map';
import type { MapViewProps } from './types';
import './index.scss';
import './h5.scss';

export type { MapMarker, MapPoint, MapViewProps } from './types';

/** Once a map was opened in this visit, later maps (home again after a restaurant) open at once. */
let opened = false;

/**
 * H5: a Leaflet map. Leaflet (about 50 KB gzip with its sheet) is loaded only when the map opens, so it stays out of
 * the site's first load (issue 10): with `openLabel` the box first shows a button of that text and opens on its tap;
 * without it the map opens at once. The box has its final size from the start, so opening moves nothing. Tiles come
 * from the configured tile server; without network the map keeps its grey background, its markers and its taps.
 */
export function MapView(props: MapViewProps) {
  const { platform } = useStores();
  const [open, setOpen] = useState(opened || !props.openLabel);
  const holder = useRef<HTMLDivElement>(null);
  const handle = useRef<LeafletHandle>();
  const latest = useRef(props);
  latest.current = props;
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open) return;
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
  }, [platform, open]);

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

  if (!open) {
    return (
      <div className={`map-view map-view--closed ${props.className ?? ''}`}>
        <button
          type='button'
          className='map-view__open'
          onClick={() => {
            opened = true;
            setOpen(true);
          }}
        >
          {props.openLabel}
        </button>
      </div>
    );
  }
  return (
    <div
      className={`map-view ${failed ? 'map-view--failed' : ''} ${props.className ?? ''}`}
      ref={holder}
      role='application'
      aria-label={props.label}
    />
  );
}
