import OrderDetailPage, { ORDER_POLL_MS } from '../../../src/screens/order/detail';
import { ApiError } from '../../../src/services/http';
import { ErrorCode } from '../../../types/errors';
import type { ReorderResult } from '../../../types/api/cart';
import { formatWhen } from '../../../src/utils/date';
import { formatWhenInSentence } from '../../../src/utils/date-in-sentence';
import { cartData, order } from '../support/orders';
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
    expect(container.querySelector('.order-status')!.textContent).toBe('Waiting for the restaurant');
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
      expect(view.container.querySelector('.order-status')!.textContent).toBe('Waiting for the restaurant');
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

  it('live: no 4 s polling while the stream is up; a change of this order is read at once; polling again when it ends', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const a = withAccountDefaults(fakeApi());
      a.orders.info.mockResolvedValue(order(88));
      const view = await renderPage(OrderDetailPage, { api: a, params: { orderId: '88' }, storage: LOGGED_IN });
      const { act } = await import('react');
      const settle = () =>
        act(async () => {
          for (let i = 0; i < 5; i++) await Promise.resolve();
        });
      await settle();
      const streams = view.platform.eventStreams;
      expect(streams.connections).toHaveLength(1);
      expect(a.events.ticket).toHaveBeenCalledTimes(1);
      await act(async () => streams.last!.open());
      await settle();
      // Read once more when the stream came up (nothing missed between the first read and the stream).
      const afterOpen = a.orders.info.mock.calls.length;
      await act(async () => {
        jest.advanceTimersByTime(ORDER_POLL_MS * 3);
      });
      await settle();
      expect(a.orders.info).toHaveBeenCalledTimes(afterOpen);
      // Another order's change: nothing; this order's: read at once, shown.
      await act(async () => streams.last!.send({ id: 5, type: 'order.status', order_id: 99, status: 10 }));
      await settle();
      expect(a.orders.info).toHaveBeenCalledTimes(afterOpen);
      a.orders.info.mockResolvedValue(order(88, { status: 10, status_text: 'Confirmed by restaurant' }));
      await act(async () => streams.last!.send({ id: 6, type: 'order.status', order_id: 88, status: 10 }));
      await settle();
      expect(a.orders.info).toHaveBeenCalledTimes(afterOpen + 1);
      expect(view.container.querySelector('.order-status')!.textContent).toBe('Confirmed by restaurant');
      // The stream ends: polling every 4 s until it is back.
      await act(async () => streams.last!.end());
      await act(async () => {
        jest.advanceTimersByTime(ORDER_POLL_MS);
      });
      await settle();
      expect(a.orders.info.mock.calls.length).toBeGreaterThanOrEqual(afterOpen + 2);
      await view.unmount();
      expect(streams.connections.every((c) => c.closed)).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a near pay-by time is lower case inside the sentence (issue 15): "by today 10:05", not "by Today 10:05"', async () => {
    const a = withAccountDefaults(fakeApi());
    const soon = Date.now() + 15 * 60_000;
    a.orders.info.mockResolvedValue(order(91, { status: 0, paid: false, pay_before: soon }));
    const { container } = await renderPage(OrderDetailPage, { api: a, params: { orderId: '91' }, storage: LOGGED_IN });
    await waitFor(() =>
      getByText(container, `Please pay by ${formatWhenInSentence(soon, 'en')}; the order is cancelled after that`),
    );
    expect(container.querySelector('.order-detail__pay-before')!.textContent).toMatch(
      /^Please pay by (today|tomorrow) /,
    );
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
      expect(container.querySelector('.order-status')!.textContent).toBe('Waiting for the restaurant'),
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

  describe('after ordering (issue 15 §2)', () => {
    it('an unpaid order can be cancelled: asked first, then the cancelled step with its time and reason; no more "updates itself"', async () => {
      const a = withAccountDefaults(fakeApi());
      const placed = Date.UTC(2030, 0, 1, 3, 15);
      const cancelledAt = Date.UTC(2030, 0, 1, 3, 20);
      a.orders.info.mockResolvedValue(order(91, { status: 0, paid: false, paid_at: null, can_cancel: true }));
      a.orders.cancel.mockResolvedValue(
        order(91, {
          status: 4,
          status_text: 'Cancelled',
          paid: false,
          paid_at: null,
          end_reason: 'customer',
          steps: [
            { key: 'submitted', label: 'Submitted', done: true, at: placed },
            { key: 'cancelled', label: 'Cancelled', done: true, at: cancelledAt },
          ],
        }),
      );
      const { container, platform } = await renderPage(OrderDetailPage, {
        api: a,
        params: { orderId: '91' },
        storage: LOGGED_IN,
      });
      await waitFor(() => getByText(container, 'This page updates itself'));
      await click(getByText(container, 'Cancel order'));
      expect(platform.feedback.confirm).toHaveBeenCalledWith('Cancel this order?', {
        confirmText: 'Yes',
        cancelText: 'No',
      });
      await waitFor(() => expect(container.querySelector('.order-status')!.textContent).toBe('Cancelled'));
      expect(a.orders.cancel).toHaveBeenCalledWith(91);
      expect(getByText(container, 'You cancelled this order')).toBeTruthy();
      expect(getByText(container, 'This order has ended')).toBeTruthy();
      expect(container.textContent).not.toContain('This page updates itself');
      expect(container.querySelector('.order-detail__cancel')).toBeNull();
      const ended = container.querySelector('.order-step--ended')!;
      expect(ended.querySelector('.order-step__label')!.textContent).toBe('Cancelled');
      expect(ended.querySelector('.order-step__time')!.textContent).toBe(formatWhen(cancelledAt, 'en'));
      // A connected timeline: one rail segment between the two steps, reached.
      expect(container.querySelectorAll('.order-step__line--done')).toHaveLength(1);
    });

    it('declining the question cancels nothing; an order not cancellable has no button', async () => {
      const a = withAccountDefaults(fakeApi());
      a.orders.info.mockResolvedValue(order(92, { status: 0, paid: false, can_cancel: true }));
      const { container } = await renderPage(OrderDetailPage, {
        api: a,
        params: { orderId: '92' },
        storage: LOGGED_IN,
        confirm: false,
      });
      await waitFor(() => getByText(container, 'Cancel order'));
      await click(getByText(container, 'Cancel order'));
      expect(a.orders.cancel).not.toHaveBeenCalled();

      a.orders.info.mockResolvedValue(order(93));
      const other = await renderPage(OrderDetailPage, { api: a, params: { orderId: '93' }, storage: LOGGED_IN });
      await waitFor(() => other.container.querySelector('.order-detail__info'));
      expect(other.container.querySelector('.order-detail__cancel')).toBeNull();
    });

    it('a payment-timeout cancellation says "not paid in time"', async () => {
      const a = withAccountDefaults(fakeApi());
      a.orders.info.mockResolvedValue(
        order(94, { status: 4, status_text: 'Cancelled', end_reason: 'payment_timeout', paid: false }),
      );
      const { container } = await renderPage(OrderDetailPage, {
        api: a,
        params: { orderId: '94' },
        storage: LOGGED_IN,
      });
      await waitFor(() => getByText(container, 'Not paid in time: the order was cancelled automatically'));
    });

    it('an accepted order says "accepted, ready about HH:MM" with the preparation time (en and zh)', async () => {
      const readyAt = Date.UTC(2030, 0, 1, 4, 5); // 12:05 in China
      for (const [lang, text] of [
        ['en', 'Accepted: ready about 12:05 (20 min to prepare)'],
        ['cn', '商家已接单，预计 12:05 做好（备餐 20 分钟）'],
      ]) {
        const a = withAccountDefaults(fakeApi());
        a.orders.info.mockResolvedValue(order(95, { status: 10, prep_minutes: 20, ready_at: readyAt }));
        const { container, unmount } = await renderPage(OrderDetailPage, {
          api: a,
          params: { orderId: '95' },
          storage: { ...LOGGED_IN, _lang: lang },
        });
        await waitFor(() => container.querySelector('.order-detail__promise--ready'));
        expect(container.querySelector('.order-detail__promise--ready')!.textContent).toBe(text);
        await unmount();
      }
      // Once on its way, the ready time is behind it.
      const a = withAccountDefaults(fakeApi());
      a.orders.info.mockResolvedValue(order(96, { status: 2, prep_minutes: 20, ready_at: readyAt }));
      const { container } = await renderPage(OrderDetailPage, {
        api: a,
        params: { orderId: '96' },
        storage: LOGGED_IN,
      });
      await waitFor(() => container.querySelector('.order-detail__info'));
      expect(container.querySelector('.order-detail__promise--ready')).toBeNull();
    });

    it('a collection order marked ready arrives live: "Ready for collection HH:MM", the code and the address; the timeline step with its time and the header reading as it does (en and zh)', async () => {
      const markedAt = Date.UTC(2030, 0, 1, 4, 35); // 12:35 in China
      const preparing = (lang: string) =>
        order(97, {
          mode: 'collection',
          status: 1,
          status_text: lang === 'en' ? 'Being prepared' : '商家备餐中',
          collection_code: '4821',
          prep_minutes: 20,
          ready_at: markedAt - 5 * 60_000,
          marked_ready_at: null,
          steps: [
            { key: 'submitted', label: 'Submitted', done: true, at: markedAt - 30 * 60_000 },
            { key: 'confirmed', label: 'Confirmed by restaurant', done: true, at: markedAt - 25 * 60_000 },
            { key: 'preparing', label: 'Being prepared', done: true, at: markedAt - 20 * 60_000 },
            { key: 'ready', label: lang === 'en' ? 'Ready for collection' : '可取餐', done: false },
            { key: 'completed', label: 'Completed', done: false },
          ],
        });
      for (const [lang, text] of [
        ['en', 'Ready for collection 12:35: show code 4821 at 12 Dongmen Road, Luohu'],
        ['cn', '可取餐 12:35：请到 12 Dongmen Road, Luohu 出示取餐码 4821'],
      ] as const) {
        const a = withAccountDefaults(fakeApi());
        a.orders.info.mockResolvedValue(preparing(lang));
        const view = await renderPage(OrderDetailPage, {
          api: a,
          params: { orderId: '97' },
          storage: { ...LOGGED_IN, _lang: lang },
        });
        const { container } = view;
        await waitFor(() => container.querySelector('.order-detail__promise--ready'));
        expect(container.querySelector('.order-detail__promise--collect')).toBeNull();
        // Before the mark the header says what the server says of status 1 (the current step: being prepared).
        expect(container.querySelector('.order-detail__head .order-status')!.textContent).toBe(
          preparing(lang).status_text,
        );
        const { act } = await import('react');
        const streams = view.platform.eventStreams;
        await waitFor(() => streams.last);
        // The stream hears the mark (EventSource delivers only the event types it listens to).
        expect(streams.last!.options.types).toContain('order.ready');
        await act(async () => streams.last!.open());
        const before = preparing(lang);
        a.orders.info.mockResolvedValue({
          ...before,
          marked_ready_at: markedAt,
          steps: before.steps.map((st) => (st.key === 'ready' ? { ...st, done: true, at: markedAt } : st)),
        });
        await act(async () => streams.last!.send({ id: 7, type: 'order.ready', order_id: 97, status: 1 }));
        await waitFor(() => container.querySelector('.order-detail__promise--collect'));
        expect(container.querySelector('.order-detail__promise--collect')!.textContent).toBe(text);
        // The estimate is behind it now.
        expect(container.querySelector('.order-detail__promise--ready')).toBeNull();
        const current = container.querySelector('.order-step--current')!;
        expect(current.querySelector('.order-step__label')!.textContent).toBe(
          lang === 'en' ? 'Ready for collection' : '可取餐',
        );
        expect(current.querySelector('.order-step__time')!.textContent).toBe(formatWhen(markedAt, lang));
        // The header agrees with the step (issue 15 §2): the status code is still 1, the shown state is ready.
        expect(container.querySelector('.order-detail__head .order-status')!.textContent).toBe(
          current.querySelector('.order-step__label')!.textContent,
        );
        await view.unmount();
      }
    });

    it('a declined paid order says the restaurant’s reason and what went back, online and balance (en and zh)', async () => {
      const refunded = order(97, {
        status: 5,
        status_text: 'Refunded',
        end_reason: 'restaurant',
        reject_reason: 'sold_out',
        wallet_paid_fen: 500,
        refund: { online_fen: 4000, online_state: 'pending', wallet_fen: 500, voucher_returned: true },
      });
      const seen: Record<string, string[]> = {};
      for (const lang of ['en', 'cn']) {
        const a = withAccountDefaults(fakeApi());
        a.orders.info.mockResolvedValue(refunded);
        const { container, unmount } = await renderPage(OrderDetailPage, {
          api: a,
          params: { orderId: '97' },
          storage: { ...LOGGED_IN, _lang: lang },
        });
        await waitFor(() => container.querySelector('.order-detail__promise--refund-online'));
        seen[lang] = [
          container.querySelector('.order-detail__reason')!.textContent!,
          ...[...container.querySelectorAll('.order-detail__promise')].map((e) => e.textContent!),
        ];
        await unmount();
      }
      expect(seen.en).toEqual([
        'The restaurant declined this order: a dish is sold out',
        '¥40 is being refunded to WeChat Pay',
        '¥5 back in your balance',
        'Your voucher is back in your account',
      ]);
      expect(seen.cn).toEqual([
        '商家拒绝了这个订单：菜品已售罄',
        '¥40 正在退回微信支付',
        '¥5 已退回余额',
        '优惠券已退回您的账户',
      ]);
      // Nobody accepted it in time: said so, not "customer service cancelled it".
      const a = withAccountDefaults(fakeApi());
      a.orders.info.mockResolvedValue(
        order(98, { status: 4, end_reason: 'support', reject_reason: 'timeout', refund: null }),
      );
      const { container } = await renderPage(OrderDetailPage, {
        api: a,
        params: { orderId: '98' },
        storage: LOGGED_IN,
      });
      await waitFor(() => container.querySelector('.order-detail__reason'));
      expect(container.querySelector('.order-detail__reason')!.textContent).toBe(
        'The restaurant did not accept the order in time: it was cancelled automatically',
      );
      expect(container.querySelector('.order-detail__promise')).toBeNull();
    });

    const reorderResult = (extra: Partial<ReorderResult> = {}): ReorderResult => ({
      restaurant_id: 9,
      lines: [
        {
          dish_id: 159,
          name: 'Lanzhou Beef Noodles',
          option_names: ['Thin'],
          quantity: 2,
          outcome: 'added',
          ordered_unit_price_fen: 2000,
          unit_price_fen: 2000,
        },
      ],
      added: 1,
      changed: false,
      cart: cartData([]),
      ...extra,
    });

    it('order again: nothing changed goes straight to checkout', async () => {
      const a = withAccountDefaults(fakeApi());
      a.orders.info.mockResolvedValue(order(95));
      a.orders.reorder.mockResolvedValue(reorderResult());
      const { container, platform } = await renderPage(OrderDetailPage, {
        api: a,
        params: { orderId: '95' },
        storage: LOGGED_IN,
      });
      await waitFor(() => getByText(container, 'Order again'));
      await click(getByText(container, 'Order again'));
      await waitFor(() => expect(platform.navigation.go).toHaveBeenCalledWith('settlement', { rid: 9 }));
      expect(a.orders.reorder).toHaveBeenCalledWith(95);
      expect(platform.feedback.confirm).not.toHaveBeenCalled();
    });

    it('order again: what changed is shown before checkout, and the customer may stay', async () => {
      const a = withAccountDefaults(fakeApi());
      a.orders.info.mockResolvedValue(order(96));
      a.orders.reorder.mockResolvedValue(
        reorderResult({
          changed: true,
          lines: [
            {
              dish_id: 1,
              name: 'Noodles',
              option_names: [],
              quantity: 1,
              outcome: 'price_changed',
              ordered_unit_price_fen: 1800,
              unit_price_fen: 2000,
            },
            {
              dish_id: 2,
              name: 'Cola',
              option_names: [],
              quantity: 2,
              outcome: 'sold_out',
              ordered_unit_price_fen: 500,
              unit_price_fen: null,
            },
          ],
        }),
      );
      const { container, platform } = await renderPage(OrderDetailPage, {
        api: a,
        params: { orderId: '96' },
        storage: LOGGED_IN,
        confirm: false,
      });
      await waitFor(() => getByText(container, 'Order again'));
      await click(getByText(container, 'Order again'));
      await waitFor(() =>
        expect(platform.feedback.confirm).toHaveBeenCalledWith(
          'Since you last ordered:\n· Noodles: price changed from ¥18 to ¥20\n· Cola: sold out, not added',
          { confirmText: 'Checkout', cancelText: 'Back' },
        ),
      );
      expect(platform.navigation.go).not.toHaveBeenCalledWith('settlement', expect.anything());
    });

    it('call the restaurant through the platform; a delivery order shows no address card and speaks of delivery', async () => {
      const a = withAccountDefaults(fakeApi());
      a.orders.info.mockResolvedValue(order(97));
      const { container, platform } = await renderPage(OrderDetailPage, {
        api: a,
        params: { orderId: '97' },
        storage: LOGGED_IN,
      });
      await waitFor(() => getByText(container, 'Call the restaurant'));
      await click(getByText(container, 'Call the restaurant'));
      expect(platform.contact.call).toHaveBeenCalledWith('0755-82345678');
      expect(container.querySelector('.restaurant-contact__map')).toBeNull();
      expect(container.querySelector('.order-detail__disclaimer')!.textContent).toMatch(/delivery/);
      expect(container.querySelector('.order-detail__disclaimer')!.textContent).not.toMatch(/collect/);
      expect(container.querySelector('.order-detail__row--delivery-fee')).not.toBeNull();
    });

    it('shows the price lines stored with the order: the fee, the free-delivery promotion and the voucher', async () => {
      const a = withAccountDefaults(fakeApi());
      a.orders.info.mockResolvedValue(
        order(96, {
          delivery_fee_fen: 0,
          discount_fen: 800,
          total_fen: 3200,
          voucher_id: 5,
          price_lines: [
            { kind: 'delivery_fee', name: 'Delivery fee', amount_fen: 500, promotion_id: null, voucher_id: null },
            {
              kind: 'promotion',
              name: 'No delivery fee on your first order',
              amount_fen: -500,
              promotion_id: 1,
              voucher_id: null,
            },
            { kind: 'voucher', name: '¥8 off, no minimum', amount_fen: -800, promotion_id: null, voucher_id: 5 },
          ],
        }),
      );
      const { container } = await renderPage(OrderDetailPage, {
        api: a,
        params: { orderId: '96' },
        storage: LOGGED_IN,
      });
      await waitFor(() => getByText(container, 'No delivery fee on your first order'));
      const rows = [...container.querySelectorAll('.order-detail__items .order-detail__row')].map((r) =>
        [...r.children].map((c) => c.textContent).join(' = '),
      );
      expect(rows).toEqual([
        'Goods = ¥40',
        'Delivery fee = ¥5',
        'No delivery fee on your first order = -¥5',
        '¥8 off, no minimum = -¥8',
        'Order total = ¥32',
      ]);
    });

    it('a collection order: where to collect, a map link, pay at the counter, no delivery fee row, a near time as "Today"', async () => {
      const a = withAccountDefaults(fakeApi());
      const soon = Date.now() + 60_000;
      a.orders.info.mockResolvedValue(
        order(98, {
          mode: 'collection',
          payment_method: 'cod',
          paid: false,
          delivery_fee_fen: 0,
          collection_code: '123456',
          collection_time: soon,
          recipient_name: '',
          phone: '',
          address: '',
        }),
      );
      const { container, platform } = await renderPage(OrderDetailPage, {
        api: a,
        params: { orderId: '98' },
        storage: LOGGED_IN,
      });
      await waitFor(() => getByText(container, '12 Dongmen Road, Luohu'));
      expect(getByText(container, 'Collect from')).toBeTruthy();
      await click(getByText(container, 'Open map'));
      expect(platform.contact.showOnMap).toHaveBeenCalledWith({
        lat: 22.5455,
        lng: 114.1201,
        name: 'Dongmen Lanzhou Noodles',
        address: '12 Dongmen Road, Luohu',
      });
      const row = (key: string) =>
        container.querySelector(`.order-detail__row--${key} .order-detail__value`)?.textContent;
      expect(row('payment-method')).toBe('Pay at the counter');
      expect(row('collection-time')).toMatch(/^(Today|Tomorrow) \d\d:\d\d$/);
      expect(container.querySelector('.order-detail__row--delivery-fee')).toBeNull();
      expect(container.querySelector('.order-detail__disclaimer')!.textContent).toMatch(/collection/);
    });
  });
});
