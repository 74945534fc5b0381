import type { Lang } from '../../types/lang';

/**
 * The language a customer wrote in, read from the text itself (a review keeps the words its author chose): Chinese
 * when it has Chinese characters, English when it has Latin letters and none, null for neither (emoji, numbers).
 */
export function textLang(text: string): Lang | null {
  if (/[\u3400-\u9fff\uf900-\ufaff]/.test(text)) return 'cn';
  if (/[A-Za-z]/.test(text)) return 'en';
  return null;
}
