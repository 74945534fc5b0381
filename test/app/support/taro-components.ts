/**
 * `@tarojs/components` in the app tests: what the H5 build uses (config h5.useHtmlComponents): Taro's React
 * components that render plain elements (@tarojs/components-react) for View, Text, Image, ScrollView, Button, Input
 * and pull-to-refresh, and Taro's web components for the rest. Imported one by one: the package's own index imports
 * itself back through its Refresher, which CommonJS (jest's transform) cannot initialise.
 */
export * from '@tarojs/components/lib/react';
export { default as Button } from '@tarojs/components-react/dist/components/button/index.js';
export { default as Image } from '@tarojs/components-react/dist/components/image/index.js';
export { default as Input } from '@tarojs/components-react/dist/components/input/index.js';
export { default as PullDownRefresh } from '@tarojs/components-react/dist/components/pull-down-refresh/index.js';
export { default as ScrollView } from '@tarojs/components-react/dist/components/scroll-view/index.js';
export { default as Text } from '@tarojs/components-react/dist/components/text/index.js';
export { default as View } from '@tarojs/components-react/dist/components/view/index.js';
