/** English proofread (issue 15 §4): brand names as their owners write them, status names a customer would say. */
import cn from '../../../src/i18n/cn.json';
import en from '../../../src/i18n/en.json';
import { ORDER_STATUS_LABELS, OrderStatus } from '../../../types/order-status';

type Tree = { [key: string]: string | Tree };
const texts = (tree: Tree, prefix = ''): Array<[string, string]> =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v]] : texts(v, `${prefix}${k}.`),
  );

describe('English texts', () => {
  it('write Alipay as Alipay does (never "AliPay")', () => {
    expect(texts(en as Tree).filter(([, v]) => /AliPay/.test(v))).toEqual([]);
    expect([en.payment_method.alipay, en.store.pay_alipay]).toEqual(['Alipay', 'Alipay']);
  });

  it('name the order waiting for the restaurant as a customer would', () => {
    expect(en.order.status_6).toBe('Waiting for the restaurant');
    // The server's status_text is what the order page, the orders tab and the timeline show: the same words.
    expect(ORDER_STATUS_LABELS[OrderStatus.AwaitingMerchant]).toEqual({
      en: 'Waiting for the restaurant',
      cn: cn.order.status_6,
    });
  });

  it('write the login buttons as the specification does ("Log In"), the WeChat one too', () => {
    expect([en.topbar.login, en.auth.submit, en.auth.wechat]).toEqual(['Log In', 'Log In', 'Log In with WeChat']);
  });

  it('name Simplified Chinese in its own script in the language menu, as English is', () => {
    expect([en.topbar.lang_en, en.topbar.lang_cn]).toEqual(['English(EN)', '简体中文(CN)']);
  });
});
