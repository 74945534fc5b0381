/// <reference types="@tarojs/taro" />

declare module '*.png';
declare module '*.svg';
declare module '*.jpg';
declare module '*.scss';

/** Build-time constants (config/index.ts defineConstants). */
declare const SZEAT_API_BASE: string;
/** H5 map tiles: URL template, attribution, and the tiles' coordinate system ('wgs84' like OpenStreetMap, or 'gcj02'). */
declare const SZEAT_MAP_TILE_URL: string;
declare const SZEAT_MAP_ATTRIBUTION: string;
declare const SZEAT_MAP_TILE_COORDS: string;
/** Mini program: comma-separated hosts its web-view page may show (`*.example.com` for subdomains); others are copied. */
declare const SZEAT_WEBVIEW_HOSTS: string;

// The components of @tarojs/components-react one by one (its package types only its index), as the app tests import
// them (test/app/support/taro-components.ts).
declare module '@tarojs/components-react/dist/components/*/index.js' {
  import type { ComponentType } from 'react';

  const component: ComponentType<Record<string, unknown>>;
  export default component;
}
