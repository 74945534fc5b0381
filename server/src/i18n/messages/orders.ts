/** Cart, checkout, vouchers and wallet (issue 9). */
export const orders = {
  'cart.dish_not_found': { cn: '菜品不存在（编号 {id}）', en: 'Dish {id} was not found at this restaurant' },
  'cart.line_not_found': { cn: '购物车里没有这一项', en: 'This item is not in your cart' },
  'cart.option_unknown': { cn: '这道菜没有编号为 {id} 的选项', en: 'This dish has no option {id}' },
  'cart.sold_out': { cn: '{name} 已售罄', en: '{name} is sold out' },
  'cart.option_sold_out': { cn: '选项“{name}”已售罄', en: 'The option "{name}" is sold out' },
  'cart.options_missing': { cn: '请选择“{group}”', en: 'Please choose "{group}"' },
  'cart.options_too_many': { cn: '“{group}”最多选 {max} 项', en: '"{group}" takes at most {max}' },
  'cart.delete_what': {
    cn: '请指明要删除的项目（cart_id），或整个购物车（restaurant_id 和 all）',
    en: 'Say which line to delete (cart_id), or the whole cart (restaurant_id and all)',
  },
  'problem.empty_cart': { cn: '购物车是空的', en: 'Your cart is empty' },
  'problem.sold_out': { cn: '{name} 已售罄，请删除后再下单', en: '{name} is sold out: remove it to order' },
  'problem.option_sold_out': {
    cn: '{name} 的所选选项已售罄，请重新选择',
    en: 'An option of {name} is sold out: choose again',
  },
  'problem.gone': {
    cn: '{name} 已下架或选项已变更，请删除后重新添加',
    en: '{name} is no longer on the menu as chosen: remove it and add it again',
  },
  'problem.price_changed': {
    cn: '{name} 的价格由 {old} 变为 {new}',
    en: 'The price of {name} changed from {old} to {new}',
  },
  'problem.closed': { cn: '餐厅现在不营业', en: 'The restaurant is closed now' },
  'problem.mode_unavailable': {
    cn: '餐厅不提供这种取餐方式',
    en: 'The restaurant does not offer this way of getting your order',
  },
  'problem.out_of_range': { cn: '地址超出餐厅的配送范围', en: 'The address is outside the delivery radius' },
  'problem.collection_time_unavailable': {
    cn: '所选自取时间已不可用，请重新选择',
    en: 'The chosen collection time is no longer available: choose another',
  },
  'problem.below_minimum': {
    cn: '起送价 {min}，还差 {missing}',
    en: 'The minimum order is {min}: add {missing} more',
  },
  'problem.voucher_not_applicable': {
    cn: '这张优惠券不能用于这个订单',
    en: 'This voucher cannot be used for this order',
  },
  'problem.payment_method_unavailable': {
    cn: '餐厅不接受这种支付方式',
    en: 'The restaurant does not accept this payment method',
  },
  'problem.alipay_in_wechat': {
    cn: '微信内无法使用支付宝，请选择其他支付方式',
    en: 'Alipay does not open inside WeChat: choose another way to pay',
  },
  'problem.insufficient_balance': { cn: '余额不足（余额 {balance}）', en: 'Not enough balance (balance {balance})' },
  'checkout.refused': { cn: '订单不能提交：{first}', en: 'The order cannot be placed: {first}' },
  'checkout.total_changed': {
    cn: '订单金额已变为 {total}，请确认后再提交',
    en: 'The total is now {total}: please check the order again',
  },
  'checkout.delivery_fee': { cn: '配送费', en: 'Delivery fee' },
  'checkout.voucher': { cn: '优惠券', en: 'Voucher' },
  'checkout.address_required': { cn: '请选择收货地址', en: 'Please choose a delivery address' },
  'checkout.collection_time_required': { cn: '请选择自取时间', en: 'Please choose a collection time' },
  'checkout.key_reused': {
    cn: '这次下单的标识已用于另一个订单内容，请刷新后重试',
    en: 'This checkout attempt was already used for a different order: refresh and try again',
  },
  'checkout.cart_changed': {
    cn: '购物车刚刚有变化，请确认后再提交',
    en: 'Your cart changed meanwhile: please check the order again',
  },
  'voucher.not_found': { cn: '优惠券不存在', en: 'Voucher not found' },
  'voucher.used': { cn: '优惠券已被使用或已过期', en: 'The voucher was already used or has expired' },
  'wallet.insufficient': { cn: '余额不足', en: 'Not enough balance' },
  'wallet.reason.seed': { cn: '赠送余额', en: 'Welcome credit' },
  'wallet.reason.order_payment': { cn: '订单支付', en: 'Order payment' },
  'wallet.reason.order_refund': { cn: '订单退款', en: 'Order refund' },
  'wallet.reason.merge_in': { cn: '账户合并转入', en: 'Moved in from a merged account' },
  'wallet.reason.merge_out': { cn: '账户合并转出', en: 'Moved to the merged account' },
  'wallet.reason.adjustment': { cn: '余额调整', en: 'Adjustment' },
  'order.not_found': { cn: '订单不存在', en: 'Order not found' },
  'order.move_refused': {
    cn: '订单 {id} 不能从状态 {from} 变为状态 {to}',
    en: 'Order {id} cannot move from status {from} to status {to}',
  },
  'order.changed': {
    cn: '订单 {id} 的状态刚刚有变化（之前为 {status}），请刷新后再试',
    en: 'Order {id} changed meanwhile (it was in status {status}): refresh and try again',
  },
  'order.awaiting_payment': {
    cn: '订单 {id} 尚未支付：待支付的订单只能支付或取消',
    en: 'Order {id} is not paid yet: an unpaid order can only be paid or cancelled',
  },
  'order.not_cancellable': {
    cn: '这个订单现在不能取消（{status}）',
    en: 'This order can no longer be cancelled ({status})',
  },
  'order.no_next': {
    cn: '订单 {id} 已没有下一步（状态 {status}）',
    en: 'Order {id} has no next step (status {status})',
  },
  'pay.not_online': {
    cn: '这个订单无需在线支付',
    en: 'This order is not paid online',
  },
  'pay.not_payable': {
    cn: '这个订单现在不能支付（{status}）',
    en: 'This order cannot be paid now ({status})',
  },
  'pay.expired': {
    cn: '支付时间已过，订单将被取消',
    en: 'The time to pay this order is over: it will be cancelled',
  },
  'pay.provider_failed': {
    cn: '支付服务暂时不可用，请稍后再试',
    en: 'The payment service is unavailable: please try again later',
  },
  'cashier.title': { cn: '收银台（沙箱）', en: 'Cashier (sandbox)' },
  'cashier.sandbox_note': {
    cn: '这是测试收银台，不会扣除真实款项。',
    en: 'This is a test cashier: no real money is taken.',
  },
  'cashier.order': { cn: '订单号', en: 'Order' },
  'cashier.amount': { cn: '支付金额', en: 'Amount' },
  'cashier.pay': { cn: '确认支付', en: 'Pay' },
  'cashier.cancel': { cn: '取消支付', en: 'Cancel' },
  'cashier.cancel_confirm': { cn: '确定要取消支付吗？', en: 'Are you sure you want to cancel the payment?' },
  'cashier.invalid': {
    cn: '支付链接无效或已被修改',
    en: 'This payment link is not valid or was altered',
  },
  'cashier.expired': { cn: '支付时间已过', en: 'The time to pay is over' },
  'cashier.back': { cn: '返回', en: 'Back' },
  'pay.alipay_in_wechat': {
    cn: '微信内无法打开支付宝，请在浏览器中打开本页，或改用其他支付方式',
    en: 'Alipay does not open inside WeChat: open this page in a browser, or choose another way to pay',
  },
  'pay.wechat_login_needed': {
    cn: '在微信内支付需要先用微信登录',
    en: 'To pay inside WeChat, sign in with WeChat first',
  },
  'cashier.wechat_title': { cn: '微信支付', en: 'WeChat Pay' },
  'cashier.scan': {
    cn: '请用微信扫一扫下方二维码完成支付，支付后本页自动跳转',
    en: 'Scan the code below with WeChat to pay; this page moves on by itself once paid',
  },
  'cashier.waiting': { cn: '等待支付…', en: 'Waiting for the payment…' },
  'cashier.paid': { cn: '支付成功，正在跳转…', en: 'Paid: taking you back…' },
  'cashier.open_wechat': {
    cn: '正在打开微信支付…',
    en: 'Opening WeChat Pay…',
  },
  'voucher.welcome': { cn: '新人优惠券', en: 'Welcome voucher' },
  'order.accept_first': {
    cn: '订单 {id} 还在等待接单：请先接单或拒单',
    en: 'Order {id} is waiting to be accepted: accept or reject it first',
  },
  'order.code_needed': {
    cn: '自取订单 {id} 需核对取餐码后才能交付',
    en: 'Collection order {id} is handed over only with its collection code',
  },
  'order.code_wrong': { cn: '取餐码不正确', en: 'Wrong collection code' },
  'order.ready_collection_only': {
    cn: '订单 {id} 是外送订单：只有自取订单可以标记“可取餐”',
    en: 'Order {id} is a delivery order: only collection orders are marked ready for collection',
  },
  'order.ready_not_preparing': {
    cn: '订单 {id} 现在不能标记可取餐（{status}）：只有备餐中的自取订单可以',
    en: 'Order {id} cannot be marked ready now ({status}): only a collection order being prepared can',
  },
  'order.hurry_refused': {
    cn: '现在还不能催单（预计出餐时间未到，或已催过）',
    en: 'You cannot send a reminder now (the ready time has not passed, or you reminded recently)',
  },
  'problem.busy': {
    cn: '餐厅现在太忙，暂停接单（{until} 恢复）',
    en: 'The restaurant is too busy and takes no orders until {until}',
  },
  'merchant.forbidden': { cn: '你没有这家餐厅的这项权限', en: 'You have no such permission for this restaurant' },
  'merchant.user_not_found': {
    cn: '没有使用这个手机号或邮箱的账户：请对方先注册',
    en: 'No account has this phone number or e-mail: ask them to register first',
  },
  'merchant.already_member': {
    cn: '这个账户已是这家餐厅的成员',
    en: 'This account is already a member of this restaurant',
  },
  'merchant.not_member': { cn: '这个账户不是这家餐厅的成员', en: 'This account is not a member of this restaurant' },
  'merchant.last_owner': {
    cn: '不能移除餐厅的最后一位店主',
    en: "The restaurant's last owner cannot be removed",
  },
  'merchant.not_found': { cn: '餐厅不存在', en: 'Restaurant not found' },
  'merchant.option_not_found': { cn: '选项不存在（编号 {id}）', en: 'Option {id} was not found at this restaurant' },
  'merchant.dish_or_option': { cn: '请指定一个菜品或一个选项', en: 'Name one dish or one option' },
  'merchant.no_next_opening': { cn: '没有下一个营业时间', en: 'The restaurant has no next opening time' },
  'event.ticket_invalid': {
    cn: '实时连接凭证无效或已过期，请重新连接',
    en: 'The live connection ticket is invalid or expired: connect again',
  },
} as const;
