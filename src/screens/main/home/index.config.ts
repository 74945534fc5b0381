export default definePageConfig({ navigationBarTitleText: 'szeat' });
