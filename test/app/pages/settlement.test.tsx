import SettlementPage from '../../../src/screens/order/settlement';
import { ApiError, HttpError } from '../../../src/services/http';
import type { Address } from '../../../types/api/addresses';
import type { SubmitOrderResult } from '../../../types/api/checkout';
import { storeInfo } from '../support/discover';
import { deferred } from '../support/fake-platform';
import { formatWhen } from '../../../src/utils/date';
import { formatWhenInSentence } from '../../../src/utils/date-in-sentence';
import { cartLine, quote, voucher } from '../support/orders';
import { fakeApi, renderPage, withAccountDefaults, type FakeApi } from '../support/page';
import { click, getByText, queryByText, waitFor } from '../support/render';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

const LOGGED_IN = { _lang: 'en', token: 'tok', userInfo: { nickname: 'Lei', wallet_balance_fen: 10000 } };

function address(id: number, extra: Partial<Address> = {}): Address {
  return {
    id,
    name: 'Li Lei',
    phone: '13800138000',
    city_id: 1,
    city_name: 'Shenzhen',
    area_id: 2,
    area_name: 'Luohu',
    building_id: 10,
    building_name: 'Dongmen Pedestrian Street',
    building_address: 'Dongmen Middle Road',
    building_no: 'B',
    room_no: '1201',
    lat: 22.548,
    lng: 114.122,
    is_default: false,
    created_at: 0,
    updated_at: 0,
    ...extra,
  };
}

const lines = [cartLine(31, 'Lanzhou Beef Noodles', 2000, 2, { option_names: ['Thin'] })];

function api(): FakeApi {
  const a = withAccountDefaults(fakeApi());
  a.restaurants.info.mockResolvedValue(storeInfo(9, 'Dongmen Lanzhou Noodles'));
  a.addresses.list.mockResolvedValue({ list: [address(3), address(4, { is_default: true, room_no: '808' })] });
  a.orders.confirm.mockImplementation(async (body) =>
    quote(lines, {
      vouchers: [voucher(61, 'Welcome', 500)],
      discount_fen: body.voucher_id ? 500 : 0,
      total_fen: body.voucher_id ? 4000 : 4500,
    }),
  );
  return a;
}

async function page(
  a: FakeApi,
  options: { payOutcomes?: Array<'paid' | 'cancelled' | 'left'>; confirm?: boolean } = {},
) {
  const view = await renderPage(SettlementPage, { api: a, params: { rid: '9' }, storage: LOGGED_IN, ...options });
  await waitFor(() => view.container.querySelector('.settlement__submit'));
  return view;
}

const methodNode = (c: HTMLElement, m: string) => c.querySelector<HTMLElement>(`.settlement__method--${m}`)!;
const submitButton = (c: HTMLElement) => c.querySelector<HTMLElement>('.settlement__submit')!;
const placed: SubmitOrderResult = {
  order_id: 88,
  status: 0,
  total_fen: 4500,
  needs_payment: true,
  collection_code: null,
};

describe('settlemt/{rid}', () => {
  it('quotes the cart for the default address: lines, amounts, the methods the restaurant accepts', async () => {
    const a = api();
    const { container } = await page(a);
    await waitFor(() => expect(a.orders.confirm).toHaveBeenLastCalledWith(expect.objectContaining({ address_id: 4 })));
    expect(a.orders.confirm).toHaveBeenLastCalledWith({
      restaurant_id: 9,
      mode: 'delivery',
      address_id: 4,
      voucher_id: undefined,
      payment_method: undefined,
    });
    expect(container.querySelector('.settlement__address-line')!.textContent).toBe(
      'Luohu · Dongmen Pedestrian Street · B · 808',
    );
    expect(container.querySelector('.settlement__line-name')!.textContent).toBe('Lanzhou Beef Noodles');
    expect(container.querySelector('.settlement__amount--goods .settlement__row-value')!.textContent).toBe('¥40');
    expect(container.querySelector('.settlement__total')!.textContent).toBe('¥45');
    expect([...container.querySelectorAll('.settlement__method-name')].map((e) => e.textContent)).toEqual([
      'WeChat Pay',
      'Alipay',
      'Pay on delivery',
      'Pay with balance',
    ]);
    expect(getByText(container, 'Balance ¥100')).toBeTruthy();
    expect(container.querySelector('.settlement__changes')).toBeNull();
  });

  it("the specification's validation messages: a payment method, a collection time, an address", async () => {
    const a = api();
    // Collection when the restaurant has no time left to offer (else its earliest is chosen).
    a.orders.confirm.mockImplementation(async (body) =>
      quote(lines, body.mode === 'collection' ? { mode: 'collection', collection_times: [] } : {}),
    );
    const { container, platform } = await page(a);
    await click(submitButton(container));
    expect(platform.feedback.toast).toHaveBeenLastCalledWith('Please select a payment method');
    await click(getByText(container, 'Collection'));
    await waitFor(() => container.querySelector('.settlement__time'));
    await click(submitButton(container));
    expect(platform.feedback.toast).toHaveBeenLastCalledWith('Please select a collection time');
    expect(a.orders.submit).not.toHaveBeenCalled();

    const empty = api();
    empty.addresses.list.mockResolvedValue({ list: [] });
    const second = await page(empty);
    await click(submitButton(second.container));
    expect(second.platform.feedback.toast).toHaveBeenLastCalledWith('Please select an address');
    expect(getByText(second.container, 'Add an address')).toBeTruthy();
    await click(getByText(second.container, 'Add an address'));
    expect(second.platform.navigation.go).toHaveBeenCalledWith('addressEdit');
  });

  it('collection (issue 15 §2): where to collect with a map link and the phone, pay at the counter, no delivery fee row', async () => {
    const a = api();
    a.restaurants.info.mockResolvedValue(
      storeInfo(9, 'Dongmen Lanzhou Noodles', { address: '12 Dongmen Middle Road', lat: 22.5447, lng: 114.1213 }),
    );
    a.orders.confirm.mockImplementation(async (body) =>
      body.mode === 'collection'
        ? quote(lines, {
            mode: 'collection',
            delivery_fee_fen: 0,
            total_fen: 4000,
            price_lines: [
              { kind: 'delivery_fee', name: 'Delivery fee', amount_fen: 0, promotion_id: null, voucher_id: null },
            ],
          })
        : quote(lines),
    );
    const { container, platform } = await page(a);
    expect(container.querySelector('.settlement__restaurant')).toBeNull();
    expect(container.querySelector('.settlement__amount--delivery-fee')).not.toBeNull();
    await click(getByText(container, 'Collection'));
    await waitFor(() => container.querySelector('.settlement__restaurant'));
    await waitFor(() => expect(container.querySelector('.settlement__amount--delivery-fee')).toBeNull());
    const card = container.querySelector<HTMLElement>('.settlement__restaurant')!;
    expect(card.querySelector('.restaurant-contact__name')!.textContent).toBe('Dongmen Lanzhou Noodles');
    expect(card.querySelector('.restaurant-contact__address')!.textContent).toBe('12 Dongmen Middle Road');
    expect(card.querySelector('.restaurant-contact__phone')!.textContent).toContain('0755-12345678');
    await click(card.querySelector<HTMLElement>('.restaurant-contact__map')!);
    expect(platform.contact.showOnMap).toHaveBeenCalledWith({
      lat: 22.5447,
      lng: 114.1213,
      name: 'Dongmen Lanzhou Noodles',
      address: '12 Dongmen Middle Road',
    });
    await click(card.querySelector<HTMLElement>('.restaurant-contact__call')!);
    expect(platform.contact.call).toHaveBeenCalledWith('0755-12345678');
    expect([...container.querySelectorAll('.settlement__method-name')].map((e) => e.textContent)).toEqual([
      'WeChat Pay',
      'Alipay',
      'Pay at the counter',
      'Pay with balance',
    ]);
    expect(queryByText(container, 'Pay on delivery')).toBeNull();
  });

  it('collection (issue 15): the earliest time is chosen and shown, can be changed, and the order is placed for the time shown', async () => {
    const a = api();
    const slot = 15 * 60_000;
    const first = Math.ceil((Date.now() + 20 * 60_000) / slot) * slot;
    const times = [first, first + slot, first + 2 * slot];
    a.orders.confirm.mockImplementation(async (body) =>
      body.mode === 'collection'
        ? quote(lines, {
            mode: 'collection',
            total_fen: 4000,
            collection_times: times,
            estimate: body.collection_time
              ? { kind: 'ready', from: body.collection_time, to: body.collection_time }
              : null,
          })
        : quote(lines),
    );
    const { container, platform } = await page(a);
    await click(getByText(container, 'Collection'));
    const shown = () => container.querySelector('.settlement__time .settlement__row-value')!.textContent;
    await waitFor(() => expect(shown()).toBe(`${formatWhen(times[0]!, 'en')} ›`));
    await waitFor(() =>
      expect(container.querySelector('.settlement__estimate')!.textContent).toBe(
        `Ready from ${formatWhenInSentence(times[0]!, 'en')}`,
      ),
    );
    expect(a.orders.confirm).toHaveBeenLastCalledWith(expect.objectContaining({ collection_time: times[0] }));
    // The sheet marks it, and another time can be taken.
    await click(container.querySelector<HTMLElement>('.settlement__time')!);
    const options = [...container.querySelectorAll<HTMLElement>('.settlement__time-sheet .option-sheet__option')];
    expect(options.map((o) => o.textContent)).toEqual(times.map((t) => formatWhen(t, 'en')));
    expect(options[0]!.className).toContain('option-sheet__option--selected');
    await click(options[1]!);
    await waitFor(() => expect(shown()).toBe(`${formatWhen(times[1]!, 'en')} ›`));
    await click(methodNode(container, 'cod'));
    await waitFor(() =>
      expect(a.orders.confirm).toHaveBeenLastCalledWith(
        expect.objectContaining({ payment_method: 'cod', collection_time: times[1] }),
      ),
    );
    a.orders.submit.mockResolvedValue({ ...placed, needs_payment: false });
    await click(submitButton(container));
    await waitFor(() => expect(platform.navigation.replace).toHaveBeenCalledWith('paySuccess', { orderId: 88 }));
    expect(a.orders.submit).toHaveBeenCalledWith(
      expect.objectContaining({ mode: 'collection', collection_time: times[1], payment_method: 'cod' }),
    );
    expect(shown()).toBe(`${formatWhen(times[1]!, 'en')} ›`);
  });

  it('inside WeChat the methods follow the quote: no Alipay, the reason beside them, a last Alipay not chosen', async () => {
    const a = api();
    const note = 'Alipay does not open inside WeChat: choose another way to pay';
    a.orders.confirm.mockResolvedValue(
      quote(lines, {
        payment_methods: ['wechat', 'cod', 'balance'],
        problems: [{ code: 'alipay_in_wechat', message: note, blocking: false }],
      }),
    );
    const { container } = await renderPage(SettlementPage, {
      api: a,
      params: { rid: '9' },
      storage: { ...LOGGED_IN, checkout_last_method: 'alipay' },
    });
    await waitFor(() => container.querySelector('.settlement__submit'));
    await waitFor(() => expect(container.querySelectorAll('.settlement__method-name').length).toBe(3));
    expect([...container.querySelectorAll('.settlement__method-name')].map((e) => e.textContent)).toEqual([
      'WeChat Pay',
      'Pay on delivery',
      'Pay with balance',
    ]);
    expect(methodNode(container, 'alipay')).toBeNull();
    expect(container.querySelector('.settlement__note--alipay_in_wechat')!.textContent).toBe(note);
    // Not a change since the cart was filled, and nothing is chosen for the customer.
    expect(container.querySelector('.settlement__changes')).toBeNull();
    expect(container.querySelector('.settlement__method--on')).toBeNull();
    await click(methodNode(container, 'wechat'));
    await waitFor(() =>
      expect(a.orders.confirm).toHaveBeenLastCalledWith(expect.objectContaining({ payment_method: 'wechat' })),
    );
  });

  it('shows what changed since the cart was filled, and will not submit while the quote refuses', async () => {
    const a = api();
    a.orders.confirm.mockResolvedValue(
      quote(lines, {
        can_submit: false,
        problems: [
          {
            code: 'price_changed',
            message: 'Lanzhou Beef Noodles now costs ¥22 (was ¥20)',
            cart_id: 31,
            blocking: false,
          },
          { code: 'below_minimum', message: 'Add ¥5 more to reach the minimum order', blocking: true },
        ],
        // Delivery only: no collection to fall back on.
        modes: ['delivery'],
        min_order_fen: 4500,
      }),
    );
    const { container } = await page(a);
    await waitFor(() => container.querySelector('.settlement__changes'));
    expect(container.querySelector('.settlement__changes-title')!.textContent).toBe(
      'What changed since you filled the cart',
    );
    // Only what changed (issue 15 §1): the minimum order is not a change; the button says what is missing.
    expect([...container.querySelectorAll('.settlement__change')].map((e) => e.textContent)).toEqual([
      'Lanzhou Beef Noodles now costs ¥22 (was ¥20)',
    ]);
    await click(methodNode(container, 'cod'));
    expect(submitButton(container).textContent).toBe('¥5 more to order');
    expect(submitButton(container).getAttribute('aria-disabled')).toBe('true');
    await click(submitButton(container));
    expect(a.orders.submit).not.toHaveBeenCalled();
  });

  it('says when the restaurant is busy (console busy mode) and takes no orders until a time', async () => {
    const a = api();
    const busy = 'The restaurant is too busy and takes no orders until 12:30';
    a.orders.confirm.mockResolvedValue(
      quote(lines, { can_submit: false, problems: [{ code: 'busy', message: busy, blocking: true }] }),
    );
    const { container } = await page(a);
    await waitFor(() => container.querySelector('.settlement__change--busy'));
    expect(container.querySelector('.settlement__change--busy')!.textContent).toBe(busy);
  });

  it('a refused order (1001) lists the problems the server found, and the new quote follows', async () => {
    const a = api();
    const { container, platform } = await page(a);
    await click(methodNode(container, 'cod'));
    await waitFor(() =>
      expect(a.orders.confirm).toHaveBeenLastCalledWith(expect.objectContaining({ payment_method: 'cod' })),
    );
    const changed = {
      code: 'price_changed' as const,
      message: 'Lanzhou Beef Noodles now costs ¥22 (was ¥20)',
      cart_id: 31,
      blocking: false,
    };
    const requote = deferred<ReturnType<typeof quote>>();
    a.orders.confirm.mockReturnValueOnce(requote.promise);
    a.orders.submit.mockRejectedValueOnce(
      new ApiError(1001, 'The total is now ¥49', { problems: [changed], total_fen: 4900 }),
    );
    await click(submitButton(container));
    await waitFor(() => expect(platform.feedback.toast).toHaveBeenCalledWith('The total is now ¥49', 'error'));
    await waitFor(() => expect(container.querySelector('.settlement__change')!.textContent).toBe(changed.message));
    requote.resolve(quote([{ ...lines[0]!, unit_price_fen: 2200, line_total_fen: 4400 }], { problems: [changed] }));
    await waitFor(() => expect(container.querySelector('.settlement__total')!.textContent).toBe('¥49'));
    expect(container.querySelector('.settlement__change')!.className).not.toContain('settlement__change--blocking');
  });

  it('a voucher from the picker is quoted; the address is confirmed before placing the order', async () => {
    const a = api();
    const { container, platform } = await page(a);
    await click(container.querySelector<HTMLElement>('.settlement__voucher')!);
    await click(getByText(container, /^Welcome/));
    await waitFor(() => expect(container.querySelector('.settlement__total')!.textContent).toBe('¥40'));
    expect(a.orders.confirm).toHaveBeenLastCalledWith(expect.objectContaining({ voucher_id: 61 }));
    await click(methodNode(container, 'cod'));
    await waitFor(() =>
      expect(a.orders.confirm).toHaveBeenLastCalledWith(expect.objectContaining({ payment_method: 'cod' })),
    );
    a.orders.submit.mockResolvedValue({ ...placed, needs_payment: false });
    await click(submitButton(container));
    await waitFor(() => expect(platform.navigation.replace).toHaveBeenCalledWith('paySuccess', { orderId: 88 }));
    expect(platform.feedback.confirm.mock.calls[0]![0]).toBe(
      'Deliver to this address?\nLi Lei 13800138000\nLuohu · Dongmen Pedestrian Street · B · 808',
    );
    expect(a.orders.submit).toHaveBeenCalledWith(
      expect.objectContaining({
        restaurant_id: 9,
        mode: 'delivery',
        address_id: 4,
        payment_method: 'cod',
        voucher_id: 61,
        cutlery: false,
        expected_total_fen: 4000,
      }),
    );
    expect(platform.payment.pay).not.toHaveBeenCalled();
  });

  it('"change address" at the prompt sends nothing and opens the address list', async () => {
    const a = api();
    const { container } = await page(a, { confirm: false });
    await click(methodNode(container, 'cod'));
    await click(submitButton(container));
    await waitFor(() => container.querySelector('.settlement__address-sheet'));
    expect(a.orders.submit).not.toHaveBeenCalled();
  });

  it('a double tap and a retry after a timeout make one order: one key per attempt, the button off meanwhile', async () => {
    const a = api();
    const { container, platform } = await page(a);
    await click(methodNode(container, 'wechat'));
    await waitFor(() =>
      expect(a.orders.confirm).toHaveBeenLastCalledWith(expect.objectContaining({ payment_method: 'wechat' })),
    );
    const first = deferred<SubmitOrderResult>();
    a.orders.submit.mockReturnValueOnce(first.promise);
    await click(submitButton(container));
    await waitFor(() => expect(a.orders.submit).toHaveBeenCalledTimes(1));
    expect(submitButton(container).className).toContain('settlement__submit--off');
    await click(submitButton(container));
    expect(a.orders.submit).toHaveBeenCalledTimes(1);
    first.reject(new HttpError('timeout', 'timeout'));
    await waitFor(() => expect(platform.feedback.toast).toHaveBeenCalledWith(expect.any(String), 'error'));

    a.orders.submit.mockResolvedValueOnce(placed);
    await waitFor(() => expect(submitButton(container).className).not.toContain('settlement__submit--off'));
    await click(submitButton(container));
    await waitFor(() => expect(a.orders.submit).toHaveBeenCalledTimes(2));
    const [k1, k2] = a.orders.submit.mock.calls.map(([body]) => body.idempotency_key);
    expect(k1).toMatch(/^[0-9a-f]{32}$/);
    expect(k2).toBe(k1);
    // Paid in the sheet: payment success; the key is spent, the next checkout gets a new one.
    await waitFor(() => expect(platform.navigation.replace).toHaveBeenCalledWith('paySuccess', { orderId: 88 }));
    expect(a.orders.pay).toHaveBeenCalledWith({
      order_id: 88,
      platform: 'h5',
      return_url: '/paySucc/88',
    });
    expect(platform.storage.data.has('checkout_attempt_9')).toBe(false);
  });

  it('cancelling the payment asks "Are you sure you want to cancel the payment?"; yes leaves the order unpaid', async () => {
    const a = api();
    a.orders.submit.mockResolvedValue(placed);
    a.orders.pay.mockResolvedValue({
      provider: 'sandbox',
      order_id: 88,
      amount_fen: 4500,
      out_trade_no: 'SZ88-1',
      cashier_url: 'https://szeat.test/cashier',
      pay_before: Date.UTC(2030, 0, 1),
    });
    const { container, platform } = await page(a, { payOutcomes: ['cancelled'] });
    await click(methodNode(container, 'alipay'));
    await click(submitButton(container));
    await waitFor(() => expect(platform.navigation.replace).toHaveBeenCalledWith('orderDetail', { orderId: 88 }));
    expect(platform.feedback.confirm).toHaveBeenLastCalledWith('Are you sure you want to cancel the payment?', {
      confirmText: 'Yes',
      cancelText: 'No',
    });
    expect(queryByText(container, 'Placing the order…')).toBeNull();
  });
  it('mini program: the place-order tap asks for the order messages first, inside the tap, and reports the answer', async () => {
    const a = api();
    const view = await renderPage(SettlementPage, {
      api: a,
      params: { rid: '9' },
      storage: LOGGED_IN,
      isH5: false,
    });
    await waitFor(() => view.container.querySelector('.settlement__submit'));
    await waitFor(() => expect(a.notify.templates).toHaveBeenCalledTimes(1));
    await click(methodNode(view.container, 'cod'));
    a.orders.submit.mockResolvedValue({ order_id: 77, needs_payment: false, total_fen: 4000 } as SubmitOrderResult);
    const ask = view.platform.subscribe.request as jest.Mock;
    await click(submitButton(view.container));
    expect(ask).toHaveBeenCalledWith(['tpl-accepted', 'tpl-ready', 'tpl-delivered']);
    // Asked before anything was awaited: before the address question and the order.
    expect(ask.mock.invocationCallOrder[0]).toBeLessThan(
      (view.platform.feedback.confirm as jest.Mock).mock.invocationCallOrder[0]!,
    );
    await waitFor(() => expect(a.orders.submit).toHaveBeenCalled());
    expect(ask.mock.invocationCallOrder[0]).toBeLessThan(a.orders.submit.mock.invocationCallOrder[0]!);
    await waitFor(() =>
      expect(a.notify.grant).toHaveBeenCalledWith({
        'tpl-accepted': 'accept',
        'tpl-ready': 'accept',
        'tpl-delivered': 'accept',
      }),
    );
  });

  it('H5 asks for no order messages', async () => {
    const a = api();
    const { container, platform } = await page(a);
    await click(methodNode(container, 'cod'));
    a.orders.submit.mockResolvedValue({ order_id: 78, needs_payment: false, total_fen: 4000 } as SubmitOrderResult);
    await click(submitButton(container));
    await waitFor(() => expect(a.orders.submit).toHaveBeenCalled());
    expect(platform.subscribe.request).not.toHaveBeenCalled();
    expect(a.notify.templates).not.toHaveBeenCalled();
    expect(a.notify.grant).not.toHaveBeenCalled();
  });
});
