import MerchantOrdersPage from '../../../src/screens/merchant/orders';
import type { MerchantOrder } from '../../../types/api/merchant';
import { fakeApi, renderPage, withAccountDefaults } from '../support/page';
import { click, getByText, queryByText, waitFor } from '../support/render';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

const order = (id: number, over: Partial<MerchantOrder> = {}): MerchantOrder => ({
  id,
  order_no: `SZ${id}`,
  restaurant_id: 9,
  status: 6,
  status_text: 'Awaiting merchant to accept',
  state: 'new',
  mode: 'delivery',
  payment_method: 'wallet',
  paid: true,
  total_fen: 4200,
  goods_fen: 3800,
  delivery_fee_fen: 400,
  discount_fen: 0,
  comment: 'Extra chili',
  cutlery: true,
  collection_time: null,
  created_at: Date.now() - 7 * 60000,
  updated_at: Date.now(),
  prep_minutes: null,
  accepted_at: null,
  ready_at: null,
  reject_reason: null,
  hurry_count: 0,
  hurry_at: null,
  lines: [
    { dish_id: 1, name: 'Lamb skewer', options: ['Spicy'], quantity: 3, unit_price_fen: 1200, line_total_fen: 3600 },
  ],
  customer: { name: 'Li', phone: '13800000000', address: 'Tianhe Road 1', distance_m: 850 },
  ...over,
});

const restaurant = {
  restaurant_id: 9,
  name: 'Night Skewers',
  role: 'staff' as const,
  prep_minutes: 20,
  busy_until: null,
  closed: false,
  resume_at: null,
};

function api() {
  const a = withAccountDefaults(fakeApi());
  a.merchant.restaurants.mockResolvedValue({ list: [restaurant] });
  a.merchant.orders.mockResolvedValue({ list: [order(1)], waiting: 1, last_event_id: 3 });
  a.merchant.accept.mockImplementation(async (b) => ({
    order_id: b.order_id,
    from: 6,
    status: 10,
    status_text: 'Accepted',
    ready_at: null,
    wallet_returned_fen: 0,
    voucher_returned: false,
    refund_state: null,
  }));
  a.merchant.reject.mockImplementation(async (b) => ({
    order_id: b.order_id,
    from: 6,
    status: 4,
    status_text: 'Cancelled',
    ready_at: null,
    wallet_returned_fen: 4200,
    voucher_returned: false,
    refund_state: null,
  }));
  return a;
}

describe('Merchant order board', () => {
  it('shows the new orders of the restaurant with items, options, comment, mode, address, payment and age', async () => {
    const a = api();
    const { container } = await renderPage(MerchantOrdersPage, { storage: { _lang: 'en', token: 't' }, api: a });
    await waitFor(() => getByText(container, '#SZ1'));
    expect(a.merchant.orders).toHaveBeenCalledWith(9, 'new');
    const card = container.querySelector('.merchant-card')!.textContent!;
    expect(card).toContain('3 × Lamb skewer (Spicy)');
    expect(card).toContain('Note: Extra chili');
    expect(card).toContain('Delivery');
    expect(card).toContain('Paid');
    expect(card).toContain('7 min ago');
    expect(card).toContain('Tianhe Road 1 · 850 m');
    expect(container.textContent).toContain('Night Skewers · 1 waiting');
  });

  it('accepts with the preparation time chosen (default of the restaurant, +5)', async () => {
    const a = api();
    const { container } = await renderPage(MerchantOrdersPage, { storage: { _lang: 'en', token: 't' }, api: a });
    await waitFor(() => getByText(container, 'Ready in 20 min'));
    await click(container.querySelector<HTMLElement>('[aria-label="5 minutes more"]')!);
    expect(getByText(container, 'Ready in 25 min')).toBeTruthy();
    a.merchant.orders.mockResolvedValue({ list: [], waiting: 0, last_event_id: 4 });
    await click(getByText(container, 'Accept'));
    expect(a.merchant.accept).toHaveBeenCalledWith({ order_id: 1, prep_minutes: 25 });
    await waitFor(() => getByText(container, 'No orders here'));
  });

  it('rejects with a reason, in Chinese', async () => {
    const a = api();
    const { container } = await renderPage(MerchantOrdersPage, { storage: { _lang: 'cn', token: 't' }, api: a });
    await waitFor(() => getByText(container, '拒单'));
    await click(getByText(container, '拒单'));
    await click(getByText(container, '太忙'));
    expect(a.merchant.reject).toHaveBeenCalledWith({ order_id: 1, reason: 'too_busy' });
  });

  it('switches state tabs, and shows the error and empty states', async () => {
    const a = api();
    a.merchant.orders.mockRejectedValueOnce(new Error('boom'));
    const { container } = await renderPage(MerchantOrdersPage, { storage: { _lang: 'en', token: 't' }, api: a });
    await waitFor(() => getByText(container, /Could not load the orders/));
    a.merchant.orders.mockResolvedValue({ list: [], waiting: 0, last_event_id: 4 });
    await click(getByText(container, 'Done today'));
    expect(a.merchant.orders).toHaveBeenLastCalledWith(9, 'done');
    await waitFor(() => getByText(container, 'No orders here'));
    expect(queryByText(container, '#SZ1')).toBeNull();
  });

  it('says when the account belongs to no restaurant', async () => {
    const a = api();
    a.merchant.restaurants.mockResolvedValue({ list: [] });
    const { container } = await renderPage(MerchantOrdersPage, { storage: { _lang: 'en', token: 't' }, api: a });
    await waitFor(() => getByText(container, 'This account is not a member of any restaurant'));
  });
});
