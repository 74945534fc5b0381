import { observable, runInAction, when } from 'mobx';
import { ApiError, HttpError } from '../../../src/services/http';
import { CheckoutStore } from '../../../src/stores/checkout-store';
import type { Address } from '../../../types/api/addresses';
import { address } from '../support/forms';
import type { Problem, Quote, SubmitOrderResult } from '../../../types/api/checkout';
import type { Lang } from '../../../types/lang';
import { deferred, memoryStorage } from '../support/fake-platform';
import { cartLine, quote, voucher } from '../support/orders';
import { fakeApi } from '../support/page';

const lines = [cartLine(31, 'Lanzhou Beef Noodles', 2000, 2)];

const placed = (extra: Partial<SubmitOrderResult> = {}): SubmitOrderResult => ({
  order_id: 88,
  status: 0,
  total_fen: 4500,
  needs_payment: true,
  collection_code: null,
  ...extra,
});

function setup(options: { loggedIn?: boolean; addresses?: Address[] } = {}) {
  const api = fakeApi();
  api.addresses.list.mockResolvedValue({ list: options.addresses ?? [address(3), address(4, { is_default: true })] });
  api.orders.confirm.mockImplementation(async (body) =>
    quote(lines, {
      mode: body.mode,
      vouchers: [voucher(61, 'Welcome', 500)],
      discount_fen: body.voucher_id ? 500 : 0,
      total_fen: body.voucher_id ? 4000 : 4500,
    }),
  );
  const storage = memoryStorage();
  const lang = observable.box<Lang>('cn');
  const onPlaced = jest.fn();
  const store = new CheckoutStore({
    orders: () => api.orders,
    addresses: () => api.addresses,
    storage,
    lang: () => lang.get(),
    isLoggedIn: () => options.loggedIn ?? true,
    onPlaced,
  });
  return { api, store, storage, onPlaced, lang };
}

const settled = (store: CheckoutStore) => when(() => store.quoteStatus !== 'loading');

/** Opens restaurant 9's checkout and waits for its address book and the quote that follows it. */
async function opened(options: Parameters<typeof setup>[0] = {}) {
  const s = setup(options);
  s.store.open(9);
  await when(() => s.store.addresses !== undefined);
  await settled(s.store);
  return s;
}

afterEach(() => jest.restoreAllMocks());

describe('CheckoutStore: the choices and the quote that follows them', () => {
  it('opens with the default address of the book and quotes for it', async () => {
    const { api, store } = await opened();
    expect(store.addressId).toBe(4);
    expect(store.address?.room_no).toBe('401');
    expect(api.orders.confirm).toHaveBeenLastCalledWith({
      restaurant_id: 9,
      mode: 'delivery',
      address_id: 4,
      voucher_id: undefined,
      payment_method: undefined,
    });
    expect(store.quote?.total_fen).toBe(4500);
    expect(store.modes).toEqual(['delivery', 'collection']);
    expect(store.missing).toBe('payment');
  });

  it('asks again when a choice changes, and not when nothing the quote depends on did', async () => {
    const { api, store } = await opened();
    const asked = api.orders.confirm.mock.calls.length;
    store.chooseVoucher(61);
    await settled(store);
    expect(api.orders.confirm).toHaveBeenLastCalledWith(expect.objectContaining({ voucher_id: 61 }));
    expect(store.quote?.total_fen).toBe(4000);
    store.setComment('no chilli');
    store.setCutlery(true);
    store.chooseVoucher(61);
    await settled(store);
    expect(api.orders.confirm).toHaveBeenCalledTimes(asked + 1);

    store.chooseMode('collection');
    await settled(store);
    // The collection quote's earliest time is taken at once, and asked about.
    expect(api.orders.confirm).toHaveBeenLastCalledWith({
      restaurant_id: 9,
      mode: 'collection',
      collection_time: Date.UTC(2030, 0, 1, 4, 0),
      voucher_id: 61,
      payment_method: undefined,
    });
    expect(store.missing).toBe('payment');
    store.chooseCollectionTime(Date.UTC(2030, 0, 1, 4, 30));
    await settled(store);
    expect(api.orders.confirm).toHaveBeenLastCalledWith(
      expect.objectContaining({ collection_time: Date.UTC(2030, 0, 1, 4, 30) }),
    );
  });

  it('collection (issue 15): the earliest time until the customer chooses; a default that passed moves on, a chosen one stays', async () => {
    const { api, store } = await opened();
    const at = (h: number, m: number) => Date.UTC(2030, 0, 1, h, m);
    let times = [at(4, 0), at(4, 15), at(4, 30)];
    api.orders.confirm.mockImplementation(async (body) =>
      quote(lines, { mode: body.mode, collection_times: times, can_submit: body.collection_time !== undefined }),
    );
    store.chooseMode('collection');
    await settled(store);
    expect(store.collectionTime).toBe(at(4, 0));
    expect(store.missing).toBe('payment');
    // The earliest slot has passed: the default moves on to the new earliest.
    times = [at(4, 15), at(4, 30)];
    store.requote();
    await settled(store);
    expect(store.collectionTime).toBe(at(4, 15));
    expect(api.orders.confirm).toHaveBeenLastCalledWith(expect.objectContaining({ collection_time: at(4, 15) }));
    // No time left today: nothing is chosen for the customer.
    times = [];
    store.requote();
    await settled(store);
    expect(store.collectionTime).toBeUndefined();
    expect(store.missing).toBe('time');
    // The customer's own time stays when it passes (the quote says it is no longer available).
    times = [at(4, 30), at(4, 45)];
    store.requote();
    await settled(store);
    store.chooseCollectionTime(at(4, 45));
    await settled(store);
    times = [at(5, 0)];
    store.requote();
    await settled(store);
    expect(store.collectionTime).toBe(at(4, 45));
    // A new checkout starts from the earliest again.
    times = [at(4, 30), at(4, 45)];
    store.open(9);
    store.chooseMode('collection');
    await when(() => store.quote?.mode === 'collection');
    await settled(store);
    expect(store.collectionTime).toBe(at(4, 30));
  });

  it('drops an older answer that comes after a newer one', async () => {
    const { api, store } = await opened();
    const slow = deferred<Quote>();
    const fast = deferred<Quote>();
    api.orders.confirm.mockReturnValueOnce(slow.promise).mockReturnValueOnce(fast.promise);
    store.chooseMethod('wechat');
    store.chooseMethod('cod');
    expect(store.quoting).toBe(true);
    fast.resolve(quote(lines, { total_fen: 4501 }));
    await settled(store);
    slow.resolve(quote(lines, { total_fen: 9999 }));
    await slow.promise;
    await Promise.resolve();
    expect(store.quote?.total_fen).toBe(4501);
    expect(store.quoteStatus).toBe('ready');
  });

  it('asks again in the new language; close() forgets the checkout and drops what comes after it', async () => {
    const { api, store, lang } = await opened();
    const asked = api.orders.confirm.mock.calls.length;
    runInAction(() => lang.set('en'));
    expect(api.orders.confirm).toHaveBeenCalledTimes(asked + 1);
    await settled(store);

    const late = deferred<Quote>();
    api.orders.confirm.mockReturnValueOnce(late.promise);
    store.chooseMethod('cod');
    store.close();
    late.resolve(quote(lines, { total_fen: 1 }));
    await late.promise;
    await Promise.resolve();
    expect(store.quote).toBeUndefined();
    expect(store.rid).toBe(0);
    store.chooseMethod('wechat');
    expect(api.orders.confirm).toHaveBeenCalledTimes(asked + 2);
  });

  it("drops a voucher or method the new quote no longer offers; takes the restaurant's mode", async () => {
    const { api, store } = await opened();
    store.chooseVoucher(61);
    store.chooseMethod('balance');
    await settled(store);
    api.orders.confirm.mockResolvedValueOnce(quote(lines, { vouchers: [], payment_methods: ['wechat', 'cod'] }));
    store.requote();
    await settled(store);
    expect(store.voucherId).toBeUndefined();
    expect(store.method).toBeUndefined();

    // A restaurant that only offers collection: the delivery quote is not shown, the collection one is asked for.
    api.orders.confirm.mockImplementation(async (body) =>
      quote(lines, { mode: body.mode, modes: ['collection'], total_fen: body.mode === 'collection' ? 4000 : 1 }),
    );
    store.requote();
    await settled(store);
    expect(store.mode).toBe('collection');
    expect(store.quote?.total_fen).toBe(4000);
    expect(store.modes).toEqual(['collection']);
  });

  it('keeps the chosen address while it is in the book, else takes the default again', async () => {
    const { api, store } = await opened();
    store.chooseAddress(3);
    await store.reloadAddresses();
    expect(store.addressId).toBe(3);
    api.addresses.list.mockResolvedValueOnce({ list: [address(4, { is_default: true }), address(5)] });
    await store.reloadAddresses();
    expect(store.addressId).toBe(4);
  });

  it('a failed quote says so until asked again', async () => {
    const { api, store } = await opened();
    api.orders.confirm.mockRejectedValueOnce(new HttpError('timeout', 'timeout'));
    store.chooseMethod('cod');
    await settled(store);
    expect(store.quoteStatus).toBe('error');
    expect(store.quoteError).toBeInstanceOf(HttpError);
    expect(store.quote?.total_fen).toBe(4500);
    store.requote();
    await settled(store);
    expect(store.quoteStatus).toBe('ready');
  });

  it('asks nothing when logged out', () => {
    const { api, store } = setup({ loggedIn: false });
    store.open(9);
    expect(api.orders.confirm).not.toHaveBeenCalled();
    expect(api.addresses.list).not.toHaveBeenCalled();
    expect(store.quoteStatus).toBe('idle');
  });
});

describe('CheckoutStore.submit: one typed outcome', () => {
  it('sends nothing while a choice is missing: address, time, payment method, then the quote’s problems', async () => {
    const { api, store } = await opened({ addresses: [] });
    expect(await store.submit()).toEqual({ kind: 'incomplete', missing: 'address' });
    // Collection with no time left to offer (else the earliest is taken).
    api.orders.confirm.mockResolvedValueOnce(quote(lines, { mode: 'collection', collection_times: [] }));
    store.chooseMode('collection');
    await settled(store);
    expect(await store.submit()).toEqual({ kind: 'incomplete', missing: 'time' });
    store.chooseCollectionTime(Date.UTC(2030, 0, 1, 4, 0));
    await settled(store);
    expect(await store.submit()).toEqual({ kind: 'incomplete', missing: 'payment' });
    api.orders.confirm.mockResolvedValueOnce(quote(lines, { can_submit: false }));
    store.chooseMethod('cod');
    await settled(store);
    expect(await store.submit()).toEqual({ kind: 'incomplete', missing: 'problems' });
    expect(api.orders.submit).not.toHaveBeenCalled();
  });

  it('paid: the order needs nothing online; the key is spent, the cart forgotten, nothing more is sent', async () => {
    const { api, store, storage, onPlaced } = await opened();
    store.chooseMethod('balance');
    store.chooseVoucher(61);
    store.setCutlery(true);
    store.setComment('  no chilli ');
    await settled(store);
    api.orders.submit.mockResolvedValue(placed({ needs_payment: false, status: 6 }));
    expect(await store.submit()).toEqual({ kind: 'paid', orderId: 88 });
    expect(api.orders.submit).toHaveBeenCalledWith({
      restaurant_id: 9,
      mode: 'delivery',
      address_id: 4,
      payment_method: 'balance',
      voucher_id: 61,
      comment: 'no chilli',
      cutlery: true,
      expected_total_fen: 4000,
      idempotency_key: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(storage.data.has('checkout_attempt_9')).toBe(false);
    expect(onPlaced).toHaveBeenCalledWith(9);
    expect(store.placed).toBe(88);
    expect(await store.submit()).toEqual({ kind: 'busy' });
    expect(api.orders.submit).toHaveBeenCalledTimes(1);
  });

  it('pay: an online method answers the order to pay', async () => {
    const { api, store } = await opened();
    store.chooseMethod('wechat');
    await settled(store);
    api.orders.submit.mockResolvedValue(placed());
    expect(await store.submit()).toEqual({ kind: 'pay', orderId: 88, method: 'wechat', totalFen: 4500 });
  });

  it('the method of the last order placed is chosen at the next checkout (issue 15 §1)', async () => {
    const { api, store, storage } = await opened();
    store.chooseMethod('cod');
    await settled(store);
    store.chooseMethod('alipay');
    await settled(store);
    api.orders.submit.mockResolvedValue(placed());
    expect(await store.submit()).toMatchObject({ kind: 'pay', method: 'alipay' });
    store.close();
    // Another checkout with the same device's storage: Alipay is chosen before the customer touches anything.
    const next = new CheckoutStore({
      orders: () => api.orders,
      addresses: () => api.addresses,
      storage,
      lang: () => 'en',
      isLoggedIn: () => true,
      onPlaced: jest.fn(),
    });
    next.open(12);
    await when(() => next.addresses !== undefined);
    await settled(next);
    expect(next.method).toBe('alipay');
    expect(api.orders.confirm).toHaveBeenLastCalledWith(expect.objectContaining({ payment_method: 'alipay' }));
  });

  it('a second submit while one is under way sends nothing; a retry after a timeout is the same attempt', async () => {
    const { api, store, storage, onPlaced } = await opened();
    store.chooseMethod('wechat');
    await settled(store);
    const first = deferred<SubmitOrderResult>();
    api.orders.submit.mockReturnValueOnce(first.promise);
    const sending = store.submit();
    expect(store.submitting).toBe(true);
    expect(await store.submit()).toEqual({ kind: 'busy' });
    const timeout = new HttpError('timeout', 'timeout');
    first.reject(timeout);
    expect(await sending).toEqual({ kind: 'refused', problems: [], error: timeout });
    expect(onPlaced).not.toHaveBeenCalled();
    expect(storage.data.has('checkout_attempt_9')).toBe(true);
    await settled(store);

    api.orders.submit.mockResolvedValueOnce(placed());
    expect((await store.submit()).kind).toBe('pay');
    const [k1, k2] = api.orders.submit.mock.calls.map(([body]) => body.idempotency_key);
    expect(k2).toBe(k1);
  });

  it('refused: the problems the server found are shown until the new quote answers; a changed order is a new attempt', async () => {
    const { api, store } = await opened();
    store.chooseMethod('cod');
    await settled(store);
    const changed: Problem = { code: 'price_changed', message: 'now ¥22', cart_id: 31, blocking: false };
    const requote = deferred<Quote>();
    api.orders.confirm.mockReturnValueOnce(requote.promise);
    const refusal = new ApiError(1001, 'The total is now ¥49', { problems: [changed], total_fen: 4900 });
    api.orders.submit.mockRejectedValueOnce(refusal);
    expect(await store.submit()).toEqual({ kind: 'refused', problems: [changed], error: refusal });
    expect(store.quoting).toBe(true);
    expect(store.problems).toEqual([changed]);
    requote.resolve(quote(lines, { total_fen: 4900, problems: [] }));
    await settled(store);
    expect(store.problems).toEqual([]);
    expect(store.refused).toBeUndefined();

    api.orders.submit.mockResolvedValueOnce(placed({ needs_payment: false }));
    await store.submit();
    const [first, second] = api.orders.submit.mock.calls.map(([body]) => body);
    expect(second!.expected_total_fen).toBe(4900);
    expect(second!.idempotency_key).not.toBe(first!.idempotency_key);
  });

  it('sends nothing before the first quote, or while one is on its way', async () => {
    const { api, store } = setup();
    const first = deferred<Quote>();
    api.orders.confirm.mockReturnValue(first.promise);
    store.open(9);
    expect(await store.submit()).toEqual({ kind: 'busy' });
    expect(api.orders.submit).not.toHaveBeenCalled();
  });
});
