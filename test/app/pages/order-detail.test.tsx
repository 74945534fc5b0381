import OrderDetailPage, { ORDER_POLL_MS } from '../../../src/screens/order/detail';
import { ApiError } from '../../../src/services/http';
import { ErrorCode } from '../../../types/errors';
import { order } from '../support/orders';
import { fakeApi, renderPage, withAccountDefaults } from '../support/page';
import { click, getByText, waitFor } from '../support/render';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

const LOGGED_IN = { _lang: 'en', token: 'tok' };

describe('order_detail/{orderId}', () => {
  it('shows every field of the order, the progress steps and the disclaimer', async () => {
    const a = withAccountDefaults(fakeApi());
    a.orders.info.mockResolvedValue(order(88));
    const { container, platform } = await renderPage(OrderDetailPage, {
      api: a,
      params: { orderId: '88' },
      storage: LOGGED_IN,
    });
    await waitFor(() => container.querySelector('.order-detail__info'));
    expect(a.orders.info).toHaveBeenCalledWith(88);
    expect(container.querySelector('.order-status')!.textContent).toBe('Awaiting merchant to accept');
    const row = (key: string) =>
      container.querySelector(`.order-detail__row--${key} .order-detail__value`)!.textContent;
    expect(row('id')).toBe('203001010088');
    expect(row('time')).toBe('2030-01-01 11:15');
    expect(row('restaurant')).toBe('Dongmen Lanzhou Noodles');
    expect(row('mode')).toBe('Delivery');
    expect(row('payment-method')).toBe('WeChat Pay');
    expect(row('paid')).toBe('Paid');
    expect(container.querySelector('.order-detail__row--paid .order-detail__label')!.textContent).toBe('Payment');
    expect(row('recipient')).toBe('Li Lei');
    expect(row('phone')).toBe('13800138000');
    expect(row('address')).toBe('Dongmen Pedestrian Street, Room 1201');
    expect(row('cutlery')).toBe('Yes');
    expect(row('comment')).toBe('No coriander');
    expect(container.querySelector('.order-detail__total')!.textContent).toBe('¥45');
    expect([...container.querySelectorAll('.order-step--done .order-step__label')].map((e) => e.textContent)).toEqual([
      'Submitted',
    ]);
    expect(getByText(container, /dispute/)).toBeTruthy();
    expect(container.querySelector('.order-detail__code')).toBeNull();
    expect(platform.setTitle).toHaveBeenCalledWith('Order details');
  });

  it('a collection order shows its code and time', async () => {
    const a = withAccountDefaults(fakeApi());
    a.orders.info.mockResolvedValue(
      order(89, {
        mode: 'collection',
        collection_code: '482193',
        collection_time: Date.UTC(2030, 0, 1, 4, 30),
        // The server keeps no recipient for a collection order.
        recipient_name: '',
        phone: '',
        address: '',
      }),
    );
    const { container } = await renderPage(OrderDetailPage, { api: a, params: { orderId: '89' }, storage: LOGGED_IN });
    await waitFor(() => container.querySelector('.order-detail__code'));
    expect(container.querySelector('.order-detail__code-value')!.textContent).toBe('482193');
    expect(container.querySelector('.order-detail__row--collection-time .order-detail__value')!.textContent).toBe(
      '2030-01-01 12:30',
    );
    expect(container.querySelector('.order-detail__row--address')).toBeNull();
    expect(container.querySelector('.order-detail__row--recipient')).toBeNull();
    expect(container.querySelector('.order-detail__row--phone')).toBeNull();
  });

  it(`asks again every ${ORDER_POLL_MS / 1000} s while shown, shows the new status, and stops when closed`, async () => {
    expect(ORDER_POLL_MS).toBeLessThanOrEqual(5000);
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const a = withAccountDefaults(fakeApi());
      a.orders.info.mockResolvedValueOnce(order(88)).mockResolvedValue(order(88, { status: 1 }));
      const view = await renderPage(OrderDetailPage, { api: a, params: { orderId: '88' }, storage: LOGGED_IN });
      const { act } = await import('react');
      await act(async () => {
        await Promise.resolve();
      });
      expect(view.container.querySelector('.order-status')!.textContent).toBe('Awaiting merchant to accept');
      await act(async () => {
        jest.advanceTimersByTime(ORDER_POLL_MS);
      });
      await act(async () => {
        await Promise.resolve();
      });
      expect(a.orders.info).toHaveBeenCalledTimes(2);
      expect(view.container.querySelector('.order-status')!.textContent).toBe('Being prepared');
      await view.unmount();
      jest.advanceTimersByTime(ORDER_POLL_MS * 3);
      expect(a.orders.info).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('an unpaid online order says until when it can be paid, and Pay now pays it', async () => {
    const a = withAccountDefaults(fakeApi());
    a.orders.info
      .mockResolvedValueOnce(order(90, { status: 0, paid: false, pay_before: Date.UTC(2030, 0, 1, 3, 30) }))
      .mockResolvedValue(order(90, { status: 6, paid: true }));
    a.orders.pay.mockResolvedValue({
      provider: 'sandbox',
      order_id: 90,
      amount_fen: 4500,
      out_trade_no: 'SZ90-1',
      weapp: { timeStamp: '1', nonceStr: 'n', package: 'prepay_id=p', signType: 'RSA', paySign: 's' },
      pay_before: Date.UTC(2030, 0, 1, 3, 30),
    });
    const { container, platform } = await renderPage(OrderDetailPage, {
      api: a,
      params: { orderId: '90' },
      storage: LOGGED_IN,
      isH5: false,
    });
    await waitFor(() => getByText(container, 'Please pay by 2030-01-01 11:30; the order is cancelled after that'));
    await click(getByText(container, 'Pay now'));
    await waitFor(() =>
      expect(container.querySelector('.order-status')!.textContent).toBe('Awaiting merchant to accept'),
    );
    expect(a.orders.pay).toHaveBeenCalledWith({ order_id: 90, platform: 'weapp', return_url: undefined });
    expect(platform.payment.pay).toHaveBeenCalledTimes(1);
    expect(container.querySelector('.order-detail__pay')).toBeNull();
  });

  it('an unknown order says so', async () => {
    const a = withAccountDefaults(fakeApi());
    a.orders.info.mockRejectedValue(new ApiError(ErrorCode.NotFound, 'Not found'));
    const { container } = await renderPage(OrderDetailPage, { api: a, params: { orderId: '5' }, storage: LOGGED_IN });
    await waitFor(() => expect(getByText(container, 'This order cannot be found')).toBeTruthy());
  });

  it('a delivered order not rated yet offers Rate (to the rating page); a rated one says Rated', async () => {
    const a = withAccountDefaults(fakeApi());
    a.orders.info.mockResolvedValue(order(88, { status: 3, can_rate: true, rating_id: null }));
    const { container, platform } = await renderPage(OrderDetailPage, {
      api: a,
      params: { orderId: '88' },
      storage: LOGGED_IN,
    });
    await click(await waitFor(() => getByText(container, 'Rate')));
    expect(platform.navigation.go).toHaveBeenCalledWith('rating', { orderId: 88, from: 'detail' });
    expect(container.querySelector('.order-detail__rated')).toBeNull();

    const b = withAccountDefaults(fakeApi());
    b.orders.info.mockResolvedValue(order(88, { status: 3, can_rate: false, rating_id: 4 }));
    const rated = await renderPage(OrderDetailPage, { api: b, params: { orderId: '88' }, storage: LOGGED_IN });
    await waitFor(() => getByText(rated.container, 'Rated'));
    expect(rated.container.querySelector('.order-detail__rate')).toBeNull();
  });

  it('an order still under way offers no Rate', async () => {
    const a = withAccountDefaults(fakeApi());
    a.orders.info.mockResolvedValue(order(88));
    const { container } = await renderPage(OrderDetailPage, { api: a, params: { orderId: '88' }, storage: LOGGED_IN });
    await waitFor(() => container.querySelector('.order-detail__info'));
    expect(container.querySelector('.order-detail__rate')).toBeNull();
    expect(container.querySelector('.order-detail__rated')).toBeNull();
  });
});
