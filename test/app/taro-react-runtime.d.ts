// Taro's React runtime as its H5 entry loads it; the package ships no types for this file.
declare module '@tarojs/plugin-framework-react/dist/runtime' {
  export function createReactApp(...args: unknown[]): unknown;
}
