// Taro's H5 runtime expects these browser APIs, which jsdom lacks.
Object.assign(globalThis, { __TARO_FRAMEWORK__: 'react' });
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    value: () => ({ matches: false, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} }),
  });
}
