export default definePageConfig({ navigationBarTitleText: '' });
