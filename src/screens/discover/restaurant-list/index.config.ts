// Pull-to-refresh (usePullRefresh): WeChat's, and Taro's pull-to-refresh element on H5.
export default definePageConfig({ navigationBarTitleText: '', enablePullDownRefresh: true });
