import Taro from '@tarojs/taro';

/** Mini program: WeChat scrolls the page to the first node matching selector. */
export function taroScrollTo(selector: string): void {
  Promise.resolve()
    .then(() => Taro.pageScrollTo({ selector, duration: 300 }))
    .catch(() => undefined);
}

/**
 * H5: the router keeps the pages the user came through in the DOM (hidden), so look only inside the page on show;
 * scrollIntoView scrolls whichever box holds it and honours the target's scroll-margin-top (room for the sticky top
 * bar), which Taro's pageScrollTo does neither of.
 */
export function h5ScrollTo(selector: string): void {
  const pages = [...document.querySelectorAll<HTMLElement>('.taro_page')].filter(
    (p) => p.offsetParent !== null || p.getClientRects().length > 0,
  );
  const scope: ParentNode = pages[pages.length - 1] ?? document;
  const target = scope.querySelector<HTMLElement>(selector);
  target?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
}
