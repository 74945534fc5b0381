/** Positions given to and received from the map are GCJ-02, like the API's; each platform converts for its map. */
export interface MapPoint {
  lat: number;
  lng: number;
}

export interface MapMarker extends MapPoint {
  /** 1 or more (0 is the chosen point's). */
  id: number;
  label: string;
}

export interface MapViewProps {
  center: MapPoint;
  /** The chosen address, drawn as a pin. */
  point?: MapPoint;
  /** Restaurants, drawn as dots; a tap calls onMarkerTap with the id. */
  markers?: MapMarker[];
  zoom?: number;
  /** A tap on the map itself (not on a marker). */
  onPick?(point: MapPoint): void;
  onMarkerTap?(id: number): void;
  className?: string;
  /** What the map is about, for screen readers. */
  label?: string;
  /**
   * H5: the map opens (and loads its library) when this button is tapped, keeping it out of the first load. The
   * mini program's native map costs nothing to load and ignores it.
   */
  openLabel?: string;
}
