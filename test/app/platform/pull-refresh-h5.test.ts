/**
 * Taro's H5 pull-to-refresh component looks for the page on its own wrapper element, where Taro's router never puts it
 * (it is on the page's element): the repair gives the wrapper the page of the page element around it on the first
 * touch, so releasing past the threshold runs the page's onPullDownRefresh.
 */
import { repairPullToRefresh } from '../../../src/platform/pull-refresh-h5';

test('a touch inside the pull-to-refresh wrapper gives it the page of its page element', () => {
  document.body.innerHTML = `
    <div class="taro_page" id="home">
      <div class="rmc-pull-to-refresh-content-wrapper"><div class="rmc-pull-to-refresh-content"><p id="news">news</p></div></div>
    </div>`;
  const page = { onPullDownRefresh: jest.fn() };
  (document.getElementById('home') as unknown as { __page: unknown }).__page = page;
  const wrapper = document.querySelector('.rmc-pull-to-refresh-content-wrapper') as unknown as { __page?: unknown };
  repairPullToRefresh(document);
  expect(wrapper.__page).toBeUndefined();

  document.getElementById('news')!.dispatchEvent(new Event('touchstart', { bubbles: true }));
  expect(wrapper.__page).toBe(page);
  // What Taro's component does on release.
  (wrapper.__page as typeof page).onPullDownRefresh();
  expect(page.onPullDownRefresh).toHaveBeenCalledTimes(1);
});

test('touches elsewhere leave the page alone', () => {
  document.body.innerHTML = '<div class="taro_page"><button id="b">b</button></div>';
  repairPullToRefresh(document);
  document.getElementById('b')!.dispatchEvent(new Event('touchstart', { bubbles: true }));
  expect('__page' in document.getElementById('b')!).toBe(false);
});
