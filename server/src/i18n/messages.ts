import type { Lang } from '../../../types/lang';

/** Server messages in both languages; `{name}` placeholders are filled from params. */
export const messages = {
  ok: { cn: '成功', en: 'Success' },
  'error.internal': { cn: '服务器开小差了，请稍后再试', en: 'Something went wrong on our side. Please try again later.' },
  'error.unavailable': { cn: '服务暂不可用，请稍后再试', en: 'The service is unavailable. Please try again later.' },
  'error.api_not_found': { cn: '接口不存在：{path}', en: 'No such API: {path}' },
  'error.method_not_allowed': { cn: '不支持的请求方法', en: 'Method not allowed' },
  'error.bad_json': { cn: '请求内容不是有效的 JSON', en: 'The request body is not valid JSON.' },
  'error.body_too_large': { cn: '请求内容过大', en: 'The request body is too large.' },
  'error.unsupported_media': { cn: '不支持的内容类型', en: 'Unsupported content type.' },
  'error.rate_limited': { cn: '操作太频繁，请稍后再试', en: 'Too many requests. Please try again later.' },
  'error.session_invalid': { cn: '登录已失效，请重新登录', en: 'Your session has expired. Please log in again.' },
  'validation.required': { cn: '缺少参数 {field}', en: '{field} is required' },
  'validation.type': { cn: '参数 {field} 的类型不正确，应为{expected}', en: '{field} must be {expected}' },
  'validation.minimum': { cn: '参数 {field} 不能小于 {limit}', en: '{field} must be at least {limit}' },
  'validation.maximum': { cn: '参数 {field} 不能大于 {limit}', en: '{field} must be at most {limit}' },
  'validation.minLength': { cn: '参数 {field} 至少 {limit} 个字符', en: '{field} must be at least {limit} characters' },
  'validation.maxLength': { cn: '参数 {field} 最多 {limit} 个字符', en: '{field} must be at most {limit} characters' },
  'validation.pattern': { cn: '参数 {field} 的格式不正确', en: '{field} has an invalid format' },
  'validation.format': { cn: '参数 {field} 的格式不正确', en: '{field} has an invalid format' },
  'validation.enum': { cn: '参数 {field} 的取值无效', en: '{field} has an invalid value' },
  'validation.additional': { cn: '不支持的参数 {field}', en: 'Unknown parameter {field}' },
  'validation.invalid': { cn: '参数 {field} 无效', en: '{field} is invalid' },
  'type.integer': { cn: '整数', en: 'a whole number' },
  'type.number': { cn: '数字', en: 'a number' },
  'type.string': { cn: '文字', en: 'text' },
  'type.boolean': { cn: '布尔值', en: 'true or false' },
  'type.object': { cn: '对象', en: 'an object' },
  'type.array': { cn: '数组', en: 'a list' },
  'article.not_found': { cn: '文章不存在（编号 {id}）', en: 'Article {id} was not found' },
} as const satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof messages;
export type MessageParams = Record<string, string | number>;

export function translate(lang: Lang, key: MessageKey, params: MessageParams = {}): string {
  const template: string = messages[key][lang] || messages[key].cn;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}
