type WithPage = Element & { __page?: unknown };

/**
 * H5 pull-to-refresh, repaired. Taro 4.2.1's H5 pull-to-refresh component (@tarojs/components-react, which the site
 * uses: config h5.useHtmlComponents), once the finger is released past its threshold, calls `onPullDownRefresh` of the
 * page it expects on its own wrapper element (`.rmc-pull-to-refresh-content-wrapper`), where Taro never puts it: Taro's
 * router gives the page to the page's element (`.taro_page`). So a page's usePullDownRefresh never ran (the
 * indicator spun, nothing was asked again). On the first touch inside such a wrapper, the wrapper is given the page of
 * the page element around it; Taro.stopPullDownRefresh still ends the indicator.
 */
export function repairPullToRefresh(doc: Document): void {
  doc.addEventListener(
    'touchstart',
    (e) => {
      const target = e.target as Element | null;
      const wrapper = target?.closest?.('.rmc-pull-to-refresh-content-wrapper') as WithPage | null;
      if (!wrapper || '__page' in wrapper) return;
      Object.defineProperty(wrapper, '__page', {
        configurable: true,
        get: () => (wrapper.closest('.taro_page') as WithPage | null)?.__page,
      });
    },
    { capture: true, passive: true },
  );
}
