/**
 * The Leaflet side of the H5 map (loaded on demand by index.h5.tsx). Markers are vector circles and HTML pins, not
 * pictures, so nothing but the tiles is fetched, and a failed tile is only a grey square.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';

export interface LeafletView {
  center: { lat: number; lng: number };
  point?: { lat: number; lng: number };
  markers: Array<{ id: number; lat: number; lng: number; label: string }>;
  zoom: number;
}

export interface LeafletHandle {
  update(view: LeafletView): void;
  destroy(): void;
}

export interface LeafletOptions {
  tileUrl: string;
  attribution: string;
  onClick(p: { lat: number; lng: number }): void;
  onMarkerClick(id: number): void;
}

const PIN = L.divIcon({ className: 'map-view__pin', html: '<span></span>', iconSize: [28, 38], iconAnchor: [14, 38] });

export function createLeafletMap(el: HTMLElement, options: LeafletOptions): LeafletHandle {
  const map = L.map(el, { zoomControl: true, attributionControl: !!options.attribution, scrollWheelZoom: false });
  map.attributionControl?.setPrefix(false);
  if (options.tileUrl) {
    L.tileLayer(options.tileUrl, { maxZoom: 19, attribution: options.attribution, crossOrigin: false })
      // An unreachable tile server (offline, blocked) leaves the square grey; the map goes on working.
      .on('tileerror', () => undefined)
      .addTo(map);
  }
  map.on('click', (e: L.LeafletMouseEvent) => options.onClick({ lat: e.latlng.lat, lng: e.latlng.lng }));

  const dots = L.layerGroup().addTo(map);
  let pin: L.Marker | undefined;
  let last: LeafletView | undefined;
  let lastMarkers = '';

  // A page the router hid (display: none) measures 0 x 0; measure again whenever the box changes.
  const resize = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => map.invalidateSize());
  resize?.observe(el);

  return {
    update(view) {
      const moved =
        !last || last.center.lat !== view.center.lat || last.center.lng !== view.center.lng || last.zoom !== view.zoom;
      if (moved) map.setView([view.center.lat, view.center.lng], view.zoom, { animate: false });
      if (view.point) {
        const at: L.LatLngExpression = [view.point.lat, view.point.lng];
        if (pin) pin.setLatLng(at);
        else pin = L.marker(at, { icon: PIN, keyboard: false, interactive: false }).addTo(map);
      } else if (pin) {
        pin.remove();
        pin = undefined;
      }
      const markersKey = JSON.stringify(view.markers);
      if (markersKey !== lastMarkers) {
        lastMarkers = markersKey;
        dots.clearLayers();
        for (const m of view.markers) {
          L.circleMarker([m.lat, m.lng], {
            radius: 8,
            color: '#fff',
            weight: 2,
            fillColor: '#ff7a45',
            fillOpacity: 1,
            // A tap on a restaurant opens it; it must not also pick the point under it.
            bubblingMouseEvents: false,
          })
            .bindTooltip(m.label, { direction: 'top', offset: [0, -6] })
            .on('click', () => options.onMarkerClick(m.id))
            .addTo(dots);
        }
      }
      last = view;
    },
    destroy() {
      resize?.disconnect();
      map.remove();
    },
  };
}
