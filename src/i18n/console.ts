import type { Lang } from '../../types/lang';
import { pluralForm } from './index';

/**
 * The texts of the restaurant console's management screens (sold out, busy and closed, today, members). They are
 * imported only by those screens, so they travel in the console's own chunks (H5) and its sub-package (mini program),
 * not in the first load of every customer, whose Chinese pack (cn.json) is bundled. Same rules as cn.json/en.json:
 * Chinese is the source of keys, English must have every key (the type says so) with the same {placeholders}
 * (test/app/i18n/console-messages.test.ts).
 */
const cn = {
  nav_orders: '订单',
  nav_soldout: '售罄',
  nav_busy: '忙碌 / 打烊',
  nav_today: '今日',
  nav_members: '成员',
  nav_label: '商家后台',
  login_prompt: '请用商家账号登录',
  no_restaurant: '此账号不属于任何商家',
  owner_only: '只有店主可以使用此页面',
  load_failed: '加载失败',
  soldout_title: '售罄管理',
  soldout_hint: '点一下即可设为售罄或恢复供应，顾客的菜单、购物车和结算立即生效。',
  soldout_empty: '菜单中没有菜品',
  on_sale: '供应中',
  sold_out: '已售罄',
  set_sold_out: '设为售罄',
  set_on_sale: '恢复供应',
  options_of: '{dish} 的选项',
  busy_title: '忙碌模式',
  busy_hint: '忙碌时不接新订单，到时间自动结束。',
  busy_now: '忙碌中，{time} 自动结束',
  busy_off_now: '正常接单中',
  busy_minutes: '{minutes} 分钟',
  busy_next_opening: '到下次营业',
  busy_end: '结束忙碌',
  closed_title: '今日打烊',
  closed_now_until: '已打烊，{time} 起恢复正常营业时间',
  closed_now_manual: '已打烊，直到手动恢复营业',
  open_now: '按营业时间营业',
  close_today: '今天打烊（明天恢复）',
  close_manual: '打烊直到手动恢复',
  reopen: '恢复营业',
  today_title: '今日营业',
  today_day: '{date}（北京时间）',
  today_orders: '订单',
  today_takings: '营业额',
  today_by_method: '按支付方式',
  today_method_line: '{count} 单',
  today_none: '今天还没有订单',
  today_cancelled: '取消的订单',
  today_refunded: '退款',
  today_refunded_line: '{count} 单，共 {price}',
  members_title: '成员',
  members_empty: '还没有成员',
  role_owner: '店主',
  role_staff: '店员',
  member_since: '加入于 {date}',
  member_remove: '移除',
  member_remove_confirm: '确定将 {name} 移出本店吗？',
  member_removed: '已移除',
  invite_title: '邀请成员',
  invite_contact: '手机号或邮箱',
  invite_contact_placeholder: '已注册账号的手机号或邮箱',
  invite_role: '角色',
  invite_send: '添加',
  invite_done: '已添加 {name}',
  invite_contact_invalid: '请输入手机号或邮箱',
  confirm: '确定',
  cancel: '取消',
};

export type ConsoleMessages = typeof cn;
export type ConsoleKey = keyof ConsoleMessages;

const en: ConsoleMessages = {
  nav_orders: 'Orders',
  nav_soldout: 'Sold out',
  nav_busy: 'Busy / closed',
  nav_today: 'Today',
  nav_members: 'Members',
  nav_label: 'Restaurant console',
  login_prompt: 'Log in with a restaurant account',
  no_restaurant: 'This account is not a member of any restaurant',
  owner_only: 'Only the owner can use this page',
  load_failed: 'Could not load',
  soldout_title: 'Sold out',
  soldout_hint: "Tap to mark sold out or back on sale: customers' menus, carts and checkout see it at once.",
  soldout_empty: 'No dishes on the menu',
  on_sale: 'On sale',
  sold_out: 'Sold out',
  set_sold_out: 'Mark sold out',
  set_on_sale: 'Back on sale',
  options_of: 'Options of {dish}',
  busy_title: 'Busy mode',
  busy_hint: 'While busy, no new orders are taken; it ends by itself.',
  busy_now: 'Busy, ends by itself: {time}',
  busy_off_now: 'Taking orders',
  busy_minutes: '{minutes} min',
  busy_next_opening: 'Until the next opening',
  busy_end: 'End busy mode',
  closed_title: 'Closed today',
  closed_now_until: 'Closed; normal opening hours again: {time}',
  closed_now_manual: 'Closed until reopened by hand',
  open_now: 'Open as the opening hours say',
  close_today: 'Close for today (back tomorrow)',
  close_manual: 'Close until I reopen',
  reopen: 'Reopen',
  today_title: 'Today',
  today_day: '{date} (China time)',
  today_orders: 'Orders',
  today_takings: 'Takings',
  today_by_method: 'By payment method',
  today_method_line: '{count} order|{count} orders',
  today_none: 'No orders yet today',
  today_cancelled: 'Cancelled orders',
  today_refunded: 'Refunds',
  today_refunded_line: '{count} order, {price} in all|{count} orders, {price} in all',
  members_title: 'Members',
  members_empty: 'No members yet',
  role_owner: 'Owner',
  role_staff: 'Staff',
  member_since: 'Since {date}',
  member_remove: 'Remove',
  member_remove_confirm: 'Remove {name} from this restaurant?',
  member_removed: 'Removed',
  invite_title: 'Invite a member',
  invite_contact: 'Phone or e-mail',
  invite_contact_placeholder: 'Phone or e-mail of an account',
  invite_role: 'Role',
  invite_send: 'Add',
  invite_done: '{name} added',
  invite_contact_invalid: 'Enter a phone number or an e-mail address',
  confirm: 'OK',
  cancel: 'Cancel',
};

export const CONSOLE_MESSAGES: Record<Lang, ConsoleMessages> = { cn, en };

export type ConsoleT = (key: ConsoleKey, params?: Record<string, string | number>) => string;

/** The console's translate function for a language (plural forms and {placeholders} as createT). */
export function consoleT(lang: Lang): ConsoleT {
  const pack = CONSOLE_MESSAGES[lang] ?? cn;
  return (key, params = {}) => {
    const found = pack[key];
    const template = found.includes('|') ? pluralForm(lang, found, params.count) : found;
    return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
      params[name] === undefined ? whole : String(params[name]),
    );
  };
}
