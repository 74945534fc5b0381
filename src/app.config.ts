import { BUILT_ROUTES, ROUTES } from './routes';

const main = BUILT_ROUTES.map((r) => ROUTES[r].page).filter((p) => p.startsWith('pages/'));
const sub = BUILT_ROUTES.map((r) => ROUTES[r].page).filter((p) => p.startsWith('subpages/'));

export default defineAppConfig({
  pages: main,
  // Sub-packages keep the mini program's main package small; on H5 they are ordinary lazy routes. The not-found
  // page stays last: its H5 route catches every path no other page matched.
  subPackages: [{ root: 'subpages', pages: sub.map((p) => p.slice('subpages/'.length)) }],
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTitleText: 'szeat',
    navigationBarTextStyle: 'black',
  },
  ...(process.env.TARO_ENV === 'weapp'
    ? {
        tabBar: {
          color: '#7a7e83',
          selectedColor: '#e4393c',
          backgroundColor: '#ffffff',
          list: [
            { pagePath: ROUTES.home.page, text: '首页', iconPath: 'assets/tab/home.png', selectedIconPath: 'assets/tab/home-on.png' },
            { pagePath: ROUTES.orders.page, text: '订单', iconPath: 'assets/tab/orders.png', selectedIconPath: 'assets/tab/orders-on.png' },
            { pagePath: ROUTES.mine.page, text: '我的', iconPath: 'assets/tab/mine.png', selectedIconPath: 'assets/tab/mine-on.png' },
          ],
        },
        lazyCodeLoading: 'requiredComponents',
      }
    : {}),
});
