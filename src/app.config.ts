import { BUILT_ROUTES, ROUTES } from './routes';

const main = BUILT_ROUTES.map((r) => ROUTES[r].page).filter((p) => p.startsWith('pages/'));
const sub = BUILT_ROUTES.map((r) => ROUTES[r].page).filter((p) => p.startsWith('subpages/'));
const account = BUILT_ROUTES.map((r) => ROUTES[r].page).filter((p) => p.startsWith('account/'));
const discover = BUILT_ROUTES.map((r) => ROUTES[r].page).filter((p) => p.startsWith('discover/'));
const order = BUILT_ROUTES.map((r) => ROUTES[r].page).filter((p) => p.startsWith('order/'));

export default defineAppConfig({
  pages: main,
  // Sub-packages keep the mini program's main package small; on H5 they are ordinary lazy routes. The not-found
  // page stays last: its H5 route catches every path no other page matched.
  subPackages: [
    { root: 'account', pages: account.map((p) => p.slice('account/'.length)) },
    { root: 'discover', pages: discover.map((p) => p.slice('discover/'.length)) },
    { root: 'order', pages: order.map((p) => p.slice('order/'.length)) },
    { root: 'subpages', pages: sub.map((p) => p.slice('subpages/'.length)) },
  ],
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
            {
              pagePath: ROUTES.home.page,
              text: '首页',
              iconPath: 'assets/tab/home.png',
              selectedIconPath: 'assets/tab/home-on.png',
            },
            {
              pagePath: ROUTES.orders.page,
              text: '订单',
              iconPath: 'assets/tab/orders.png',
              selectedIconPath: 'assets/tab/orders-on.png',
            },
            {
              pagePath: ROUTES.mine.page,
              text: '我的',
              iconPath: 'assets/tab/mine.png',
              selectedIconPath: 'assets/tab/mine-on.png',
            },
          ],
        },
        lazyCodeLoading: 'requiredComponents',
        // "Use my location" on home (wx.getLocation must be declared, with the reason WeChat shows the user).
        requiredPrivateInfos: ['getLocation'],
        permission: { 'scope.userLocation': { desc: '用于查找你附近可配送的餐厅' } },
      }
    : {}),
});
