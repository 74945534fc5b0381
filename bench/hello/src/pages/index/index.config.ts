export default definePageConfig({ navigationBarTitleText: 'hello' });
