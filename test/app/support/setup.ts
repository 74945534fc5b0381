// Taro's H5 runtime expects these browser APIs, which jsdom lacks.
Object.assign(globalThis, { __TARO_FRAMEWORK__: 'react' });
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    value: () => ({
      matches: false,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
    }),
  });
}
// Taro's <Image lazyLoad> watches itself with an IntersectionObserver: report every image as on screen.
if (!('IntersectionObserver' in window)) {
  class ShownObserver {
    constructor(private readonly callback: (entries: Array<{ isIntersecting: boolean; target: Element }>) => void) {}
    observe(target: Element) {
      this.callback([{ isIntersecting: true, target }]);
    }
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  Object.assign(window, { IntersectionObserver: ShownObserver });
  Object.assign(globalThis, { IntersectionObserver: ShownObserver });
}
