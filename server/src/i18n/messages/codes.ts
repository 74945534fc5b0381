export const codes = {
  'qrcode.id_required': { cn: '请提供餐厅编号（id）', en: 'The restaurant id (id) is required' },
  'qrcode.restaurant_not_found': { cn: '餐厅不存在（编号 {id}）', en: 'Restaurant {id} was not found' },
  'qrcode.not_configured': {
    cn: '该二维码尚未设置',
    en: 'This code has not been set up yet',
  },
  'qrcode.wechat_unavailable': {
    cn: '暂时无法从微信获取小程序码，请稍后再试',
    en: 'The mini program code cannot be had from WeChat right now. Please try again later.',
  },
} as const;
