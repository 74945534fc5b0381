/// <reference types="@tarojs/taro" />

declare module '*.png';
declare module '*.svg';
declare module '*.jpg';
declare module '*.scss';

/** Build-time constants (config/index.ts defineConstants). */
declare const SZEAT_API_BASE: string;
