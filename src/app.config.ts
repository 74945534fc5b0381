import { miniProgramPackages, ROUTES } from './routes';

const packages = miniProgramPackages();

export default defineAppConfig({
  pages: packages.pages,
  // Sub-packages keep the mini program's main package small; on H5 they are ordinary lazy routes. Derived from the
  // route table (routes.ts): every built route's page is in, whatever folder it lives in.
  subPackages: packages.subPackages,
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
