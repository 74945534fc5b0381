import Taro from '@tarojs/taro';
import { PaymentError, type Payment } from './types';

/** The parameters of wx.requestPayment, as the server's `pay` answers them for the mini program. */
const REQUEST_PAYMENT_FIELDS = ['timeStamp', 'nonceStr', 'package', 'signType', 'paySign'] as const;

/**
 * Mini program: WeChat's own payment sheet. Closing it is a cancel (errMsg "requestPayment:fail cancel"), which the
 * app answers with its "cancel the payment?" question; any other failure is an error. Taro 4.2.1 does not promisify
 * requestPayment (it is missing from its list), so awaiting its return value would read "paid" at once wherever
 * the base library returns nothing (and the headless harness caught exactly that): the callbacks decide.
 */
export const weappPayment: Payment = {
  async pay(ticket) {
    const params = ticket.weapp;
    if (!params || REQUEST_PAYMENT_FIELDS.some((k) => typeof params[k] !== 'string')) {
      throw new PaymentError(`payment: no mini program parameters from provider ${ticket.provider}`);
    }
    try {
      await new Promise<void>((resolve, reject) => {
        void Taro.requestPayment({
          timeStamp: params.timeStamp!,
          nonceStr: params.nonceStr!,
          package: params.package!,
          signType: params.signType as 'MD5' | 'HMAC-SHA256' | 'RSA',
          paySign: params.paySign!,
          success: () => resolve(),
          fail: (err) => reject(err),
        });
      });
      return 'paid';
    } catch (err) {
      const errMsg = (err as { errMsg?: string })?.errMsg ?? String(err);
      if (/cancel/i.test(errMsg)) return 'cancelled';
      throw new PaymentError(errMsg);
    }
  },
  returnUrl: () => undefined,
};

/**
 * H5: the provider's cashier page (the sandbox's, later Alipay's or WeChat's H5 page), which sends the browser back to
 * the return URL given to `pay`; the app asks check-order-pay there. The promise never settles: the page is leaving.
 */
export function h5PaymentVia(leave: (url: string) => void): Payment {
  return {
    async pay(ticket) {
      if (!ticket.cashier_url) throw new PaymentError(`payment: no cashier page from provider ${ticket.provider}`);
      leave(ticket.cashier_url);
      return 'left';
    },
    // A path of this site: the server makes it absolute and refuses any other host (no open redirect).
    returnUrl: (path) => path,
  };
}

export const h5Payment = h5PaymentVia((url) => window.location.assign(url));
