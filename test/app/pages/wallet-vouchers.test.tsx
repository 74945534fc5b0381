/**
 * The wallet's ledger names an order by its number and opens it; the vouchers page says each voucher's terms once and
 * offers "Use now" (to where it can be spent) on usable vouchers only (issue 15, screenshot audit items 10 and 11).
 */
import WalletPage from '../../../src/screens/account/wallet';
import VouchersPage from '../../../src/screens/account/vouchers';
import type { LedgerLine, Voucher } from '../../../types/api/wallet';
import { fakeApi, paged, renderPage, withAccountDefaults } from '../support/page';
import { click, getByText, queryByText, waitFor } from '../support/render';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

const line = (id: number, extra: Partial<LedgerLine>): LedgerLine => ({
  id,
  amount_fen: -2300,
  balance_after_fen: 7700,
  reason: 'order_payment',
  reason_text: 'Order payment',
  order_id: null,
  order_no: null,
  created_at: Date.UTC(2026, 10, 1),
  ...extra,
});

const voucher = (id: number, extra: Partial<Voucher> = {}): Voucher => ({
  id,
  name: 'Welcome voucher',
  discount_fen: 1000,
  min_goods_fen: 3000,
  restaurant_id: null,
  restaurant_name: null,
  valid_from: 0,
  valid_until: Date.UTC(2099, 0, 1),
  used_at: null,
  order_id: null,
  state: 'usable',
  ...extra,
});

describe.each([
  ['en', 'Order number SZ20261101000005', 'Use now', 'Yue Pin Dim Sum House', 'Only at Yue Pin Dim Sum House'],
  ['cn', '订单号 SZ20261101000005', '去使用', '粤品茶楼', '仅限 粤品茶楼 使用'],
] as const)('wallet and vouchers (%s)', (lang, orderText, useNow, restaurantName, onlyThere) => {
  const storage = { _lang: lang, token: 'tok' };

  it('a ledger line shows the order number, not the id, and opens the order; a line without an order does not', async () => {
    const api = withAccountDefaults(fakeApi());
    api.wallet.wallet.mockResolvedValue({
      balance_fen: 7700,
      list: [
        line(2, { order_id: 5, order_no: 'SZ20261101000005' }),
        line(1, { amount_fen: 10000, balance_after_fen: 10000, reason: 'seed', reason_text: 'Welcome credit' }),
      ],
    });
    const { container, platform } = await renderPage(WalletPage, { isH5: true, storage, api });
    await waitFor(() => getByText(container, orderText));
    expect(container.textContent).not.toMatch(/(Order|订单) 5\b/);
    const rows = container.querySelectorAll<HTMLElement>('.ledger-line');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.getAttribute('role')).toBe('button');
    expect(rows[1]!.getAttribute('role')).toBeNull();
    await click(rows[1]!);
    expect(platform.navigation.go).not.toHaveBeenCalled();
    await click(rows[0]!);
    expect(platform.navigation.go).toHaveBeenCalledWith('orderDetail', { orderId: 5 });
  });

  it('"Use now" only on usable ones, to home or to its restaurant', async () => {
    const api = withAccountDefaults(fakeApi());
    api.wallet.vouchers.mockResolvedValue(
      paged([
        voucher(3),
        voucher(4, { name: 'Noodle Bar voucher', restaurant_id: 12, discount_fen: 500, min_goods_fen: 0 }),
        voucher(5, { state: 'used', used_at: 1, order_id: 9 }),
        voucher(6, { state: 'expired', valid_until: 1 }),
      ]),
    );
    const { container, platform } = await renderPage(VouchersPage, { isH5: false, storage, api });
    await waitFor(() => getByText(container, 'Noodle Bar voucher'));
    const cards = [...container.querySelectorAll<HTMLElement>('.voucher-card')];
    expect(cards).toHaveLength(4);
    const uses = cards.map((c) => queryByText(c, useNow));
    expect(uses.map(Boolean)).toEqual([true, true, false, false]);
    await click(uses[0]!);
    expect(platform.navigation.go).toHaveBeenLastCalledWith('home');
    await click(uses[1]!);
    expect(platform.navigation.go).toHaveBeenLastCalledWith('restaurantDetail', { id: 12 });
  });

  it('a voucher limited to one restaurant says so, with its name; one good anywhere says nothing more (issue 15)', async () => {
    const api = withAccountDefaults(fakeApi());
    api.wallet.vouchers.mockResolvedValue(
      paged([
        voucher(3),
        voucher(4, { name: 'House voucher', restaurant_id: 1, restaurant_name: restaurantName }),
        // A name the server could not give: the limit is still said.
        voucher(7, { name: 'Other voucher', restaurant_id: 2, restaurant_name: null }),
      ]),
    );
    const { container } = await renderPage(VouchersPage, { isH5: true, storage, api });
    await waitFor(() => getByText(container, 'House voucher'));
    const where = [...container.querySelectorAll<HTMLElement>('.voucher-card')].map(
      (c) => c.querySelector('.voucher-card__where')?.textContent ?? null,
    );
    expect(where).toEqual([null, onlyThere, lang === 'en' ? 'Only at one restaurant' : '仅限指定餐厅使用']);
  });
});
