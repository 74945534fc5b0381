import { h5Payment, h5PaymentVia, weappPayment } from '../../../src/platform/payment';
import { platform as h5 } from '../../../src/platform/index.h5';
import { platform as weapp } from '../../../src/platform/index.weapp';
import { PaymentError } from '../../../src/platform/types';
import { fakeTaro, resetFakeTaro } from '../support/fake-taro';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/fake-taro').fakeTaroModule);

beforeEach(() => {
  resetFakeTaro();
});

const params = { timeStamp: '1700000000', nonceStr: 'n1', package: 'prepay_id=wx1', signType: 'RSA', paySign: 'sig' };

describe('platform.payment', () => {
  it('each platform has its own', () => {
    expect(h5.payment).toBe(h5Payment);
    expect(weapp.payment).toBe(weappPayment);
  });

  it('mini program: requestPayment with the parameters of `pay`; paid, cancelled, or an error', async () => {
    await expect(weappPayment.pay({ provider: 'sandbox', weapp: params })).resolves.toBe('paid');
    expect(fakeTaro.requestPayment).toHaveBeenCalledWith(expect.objectContaining(params));
    const failing = (errMsg: string) => (o?: { fail?: (r: { errMsg: string }) => void }) => o?.fail?.({ errMsg });
    fakeTaro.requestPayment.mockImplementationOnce(failing('requestPayment:fail cancel'));
    await expect(weappPayment.pay({ provider: 'sandbox', weapp: params })).resolves.toBe('cancelled');
    // The sheet still open: not paid until WeChat calls back (requestPayment itself returns nothing).
    let closeSheet: (() => void) | undefined;
    fakeTaro.requestPayment.mockImplementationOnce((o?: { success?: (r: object) => void }) => {
      closeSheet = () => o?.success?.({ errMsg: 'requestPayment:ok' });
    });
    let outcome: string | undefined;
    const open = weappPayment.pay({ provider: 'sandbox', weapp: params }).then((r) => (outcome = r));
    await new Promise((r) => setTimeout(r, 10));
    expect(outcome).toBeUndefined();
    closeSheet!();
    await open;
    expect(outcome).toBe('paid');
    fakeTaro.requestPayment.mockImplementationOnce(failing('requestPayment:fail system error'));
    await expect(weappPayment.pay({ provider: 'sandbox', weapp: params })).rejects.toThrow(PaymentError);
    await expect(weappPayment.pay({ provider: 'sandbox', cashier_url: 'https://x' })).rejects.toThrow(PaymentError);
    expect(weappPayment.returnUrl('/paySucc/1')).toBeUndefined();
  });

  it('H5: leaves for the cashier page, which comes back to a URL of this site', async () => {
    const leave = jest.fn();
    const payment = h5PaymentVia(leave);
    await expect(payment.pay({ provider: 'sandbox', cashier_url: '/api/szeat/sandbox-cashier?o=1' })).resolves.toBe(
      'left',
    );
    expect(leave).toHaveBeenCalledWith('/api/szeat/sandbox-cashier?o=1');
    await expect(payment.pay({ provider: 'sandbox' })).rejects.toThrow(PaymentError);
    expect(leave).toHaveBeenCalledTimes(1);
    expect(h5Payment.returnUrl('/paySucc/7')).toBe('/paySucc/7');
  });
});
