/** Restaurants, menus, cuisines, pop-ups and search. */
export const catalogue = {
  'store.not_found': { cn: '餐厅不存在（编号 {id}）', en: 'Restaurant {id} was not found' },
  'cuisine.not_found': { cn: '菜系不存在（编号 {id}）', en: 'Cuisine {id} was not found' },
  'popup.not_found': { cn: '弹窗不存在（编号 {id}）', en: 'Pop-up {id} was not found' },
  'popup.device_required': {
    cn: '未登录时需要提供设备编号 device_id',
    en: 'device_id is required when not logged in',
  },
  'search.keyword_required': { cn: '请输入搜索关键词', en: 'Please enter a keyword' },
  'search.keyword_too_long': { cn: '搜索关键词最多 {max} 个字', en: 'The keyword must be at most {max} characters' },
} as const;
