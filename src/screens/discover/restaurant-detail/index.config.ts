// Shared to a friend or to Moments, the page opens this restaurant (useShareAppMessage / useShareTimeline).
export default definePageConfig({ navigationBarTitleText: '', enableShareAppMessage: true, enableShareTimeline: true });
