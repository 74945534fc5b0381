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
