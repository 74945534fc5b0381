import PaySuccessPage from '../../../src/screens/order/pay-success';
import { order } from '../support/orders';
import { fakeApi, renderPage, withAccountDefaults } from '../support/page';
import { click, getByText, waitFor } from '../support/render';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

const LOGGED_IN = { _lang: 'en', token: 'tok' };
const QUESTION = 'Are you sure you want to cancel the payment?';

function api() {
  const a = withAccountDefaults(fakeApi());
  a.orders.pay.mockResolvedValue({
    provider: 'sandbox',
    order_id: 88,
    amount_fen: 4500,
    out_trade_no: 'SZ88-1',
    cashier_url: 'https://szeat.test/api/szeat/payments/sandbox/cashier?t=x',
    pay_before: Date.UTC(2030, 0, 1),
  });
  return a;
}

/** Payment success of order 88, which the server says is paid, shown. */
async function paidOrder() {
  const a = api();
  a.orders.info.mockResolvedValue(order(88));
  const page = await renderPage(PaySuccessPage, { api: a, params: { orderId: '88' }, storage: LOGGED_IN });
  await waitFor(() => getByText(page.container, 'Payment successful'));
  return { a, ...page };
}

describe('paySucc/{orderId}', () => {
  it('an online order the server says is paid: payment successful, the amount, and the way to the order', async () => {
    const { a, container, platform } = await paidOrder();
    expect(getByText(container, 'Amount ¥45')).toBeTruthy();
    expect(a.orders.checkPay).not.toHaveBeenCalled();
    expect(platform.feedback.confirm).not.toHaveBeenCalled();
    await click(getByText(container, 'View order'));
    expect(platform.navigation.replace).toHaveBeenCalledWith('orderDetail', { orderId: 88 });
  });

  it("H5's back arrow goes home, as the mini program's home button does, not back to the checkout or cashier", async () => {
    const { container, platform } = await paidOrder();
    const back = container.querySelector<HTMLElement>('.top-bar__back')!;
    expect(back.getAttribute('aria-label')).toBe('Back to home');
    await click(back);
    expect(platform.navigation.back).not.toHaveBeenCalled();
    expect(platform.navigation.replace.mock.calls).toEqual([['home']]);
  });

  it('back from the cashier without a notification yet: check-order-pay asks the provider, and it was paid', async () => {
    const a = api();
    a.orders.info.mockResolvedValue(order(88, { status: 0, paid: false }));
    a.orders.checkPay.mockResolvedValue({ order_id: 88, paid: true, status: 6, status_text: 'Awaiting' });
    const { container, platform } = await renderPage(PaySuccessPage, {
      api: a,
      params: { orderId: '88' },
      storage: LOGGED_IN,
    });
    await waitFor(() => getByText(container, 'Payment successful'));
    expect(a.orders.checkPay).toHaveBeenCalledWith(88);
    expect(platform.feedback.confirm).not.toHaveBeenCalled();
  });

  it('back unpaid: asks "Are you sure you want to cancel the payment?"; yes opens the order', async () => {
    const a = api();
    a.orders.info.mockResolvedValue(order(88, { status: 0, paid: false }));
    a.orders.checkPay.mockResolvedValue({ order_id: 88, paid: false, status: 0, status_text: 'Awaiting payment' });
    const { platform } = await renderPage(PaySuccessPage, {
      api: a,
      params: { orderId: '88' },
      storage: LOGGED_IN,
    });
    await waitFor(() => expect(platform.navigation.replace).toHaveBeenCalledWith('orderDetail', { orderId: 88 }));
    expect(platform.feedback.confirm).toHaveBeenCalledTimes(1);
    expect(platform.feedback.confirm.mock.calls[0]![0]).toBe(QUESTION);
  });

  it('cancelled at the cashier (which asked already): no second question; not paid yet, Pay now pays again', async () => {
    const a = api();
    a.orders.info.mockResolvedValue(order(88, { status: 0, paid: false }));
    a.orders.checkPay.mockResolvedValue({ order_id: 88, paid: false, status: 0, status_text: 'Awaiting payment' });
    const { container, platform } = await renderPage(PaySuccessPage, {
      api: a,
      params: { orderId: '88', cancelled: '1' },
      storage: LOGGED_IN,
      payOutcomes: ['left'],
    });
    await waitFor(() => getByText(container, 'This order is not paid yet'));
    expect(platform.feedback.confirm).not.toHaveBeenCalled();
    expect(platform.navigation.replace).not.toHaveBeenCalled();
    await click(getByText(container, 'Pay now'));
    await waitFor(() =>
      expect(a.orders.pay).toHaveBeenCalledWith({ order_id: 88, platform: 'h5', return_url: '/paySucc/88' }),
    );
    expect(platform.payment.pay).toHaveBeenCalledTimes(1);
  });

  it('pay on delivery: order placed, pay when it arrives', async () => {
    const a = api();
    a.orders.info.mockResolvedValue(order(90, { payment_method: 'cod', paid: false }));
    const { container } = await renderPage(PaySuccessPage, {
      api: a,
      params: { orderId: '90' },
      storage: LOGGED_IN,
    });
    await waitFor(() => getByText(container, 'Order placed'));
    expect(getByText(container, 'Please pay when your order arrives')).toBeTruthy();
    expect(a.orders.checkPay).not.toHaveBeenCalled();
  });

  it('shows the order number; a collection order its ready time, where to collect, map and phone, pay at the counter', async () => {
    const a = api();
    const soon = Date.now() + 60_000;
    a.orders.info.mockResolvedValue(
      order(89, {
        mode: 'collection',
        payment_method: 'cod',
        paid: false,
        collection_time: soon,
        collection_code: '123456',
        order_no: 'SZ20300101000089',
        estimate: { kind: 'ready', from: soon, to: soon },
      }),
    );
    const { container, platform } = await renderPage(PaySuccessPage, {
      api: a,
      params: { orderId: '89' },
      storage: LOGGED_IN,
    });
    await waitFor(() => getByText(container, 'Order placed'));
    expect(getByText(container, 'Order number SZ20300101000089')).toBeTruthy();
    expect(container.querySelector('.pay-success__estimate')!.textContent).toMatch(
      /^Ready to collect (today|tomorrow) \d\d:\d\d$/,
    );
    expect(getByText(container, 'Please pay at the counter when you collect your order')).toBeTruthy();
    expect(getByText(container, '12 Dongmen Road, Luohu')).toBeTruthy();
    await click(getByText(container, 'Call the restaurant'));
    expect(platform.contact.call).toHaveBeenCalledWith('0755-82345678');
    await click(getByText(container, 'Open map'));
    expect(platform.contact.showOnMap).toHaveBeenCalledTimes(1);
  });

  it('a delivery order shows its number and estimated delivery window, no collection place', async () => {
    const a = api();
    const from = Date.now() + 30 * 60_000;
    a.orders.info.mockResolvedValue(
      order(90, { order_no: 'SZ20300101000090', estimate: { kind: 'delivery', from, to: from + 25 * 60_000 } }),
    );
    const { container } = await renderPage(PaySuccessPage, { api: a, params: { orderId: '90' }, storage: LOGGED_IN });
    await waitFor(() => getByText(container, 'Order number SZ20300101000090'));
    expect(container.querySelector('.pay-success__estimate')!.textContent).toMatch(
      /^Estimated delivery (today|tomorrow) \d\d:\d\d–\d\d:\d\d$/,
    );
    expect(container.querySelector('.restaurant-contact')).toBeNull();
  });
});
