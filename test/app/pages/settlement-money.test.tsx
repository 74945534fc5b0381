/**
 * Settlement's money and promises (issue 15 §1): promotion lines, the estimate, the best voucher and the last payment
 * method preselected, voucher texts not repeated, in-range addresses first and out-of-range ones explained, in both
 * languages.
 */
import SettlementPage from '../../../src/screens/order/settlement';
import type { Address } from '../../../types/api/addresses';
import type { Quote } from '../../../types/api/checkout';
import { storeInfo } from '../support/discover';
import { cartLine, quote, voucher } from '../support/orders';
import { fakeApi, renderPage, withAccountDefaults, type FakeApi } from '../support/page';
import { click, getByText, queryByText, waitFor } from '../support/render';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

const LOGGED_IN_CN = { _lang: 'cn', token: 'tok', userInfo: { nickname: 'Lei', wallet_balance_fen: 10000 } };
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
  options: {
    payOutcomes?: Array<'paid' | 'cancelled' | 'left'>;
    confirm?: boolean;
    storage?: Record<string, unknown>;
  } = {},
) {
  const view = await renderPage(SettlementPage, {
    api: a,
    params: { rid: '9' },
    ...options,
    storage: { ...LOGGED_IN, ...options.storage },
  });
  await waitFor(() => view.container.querySelector('.settlement__submit'));
  return view;
}

const methodNode = (c: HTMLElement, m: string) => c.querySelector<HTMLElement>(`.settlement__method--${m}`)!;

const withQuote = (a: FakeApi, extra: (body: { voucher_id?: number; address_id?: number }) => Partial<Quote>) =>
  a.orders.confirm.mockImplementation(async (body) => quote(lines, extra(body)));
const amountRows = (c: HTMLElement) =>
  [...c.querySelectorAll('.settlement__amounts .settlement__row')].map((r) =>
    [...r.querySelectorAll('.settlement__row-label, .settlement__row-value')].map((e) => e.textContent),
  );

describe('settlement: money and promises', () => {
  it.each([
    ['en', 'No delivery fee on your first order', 'Delivery fee', 'Estimated delivery'],
    ['cn', '新用户首单免配送费', '配送费', '预计'],
  ] as const)('shows each promotion as its own price line and the estimate (%s)', async (lang, promo, fee, eta) => {
    const a = api();
    const from = Date.now() + 40 * 60_000;
    withQuote(a, () => ({
      delivery_fee_fen: 0,
      total_fen: 4000,
      price_lines: [
        { kind: 'delivery_fee', name: fee, amount_fen: 500, promotion_id: null, voucher_id: null },
        { kind: 'promotion', name: promo, amount_fen: -500, promotion_id: 1, voucher_id: null },
      ],
      estimate: { kind: 'delivery', from, to: from + 20 * 60_000 },
    }));
    const { container } = await page(a, { storage: lang === 'cn' ? LOGGED_IN_CN : {} });
    await waitFor(() => container.querySelector('.settlement__amount--promotion'));
    expect(amountRows(container)).toEqual([
      [lang === 'en' ? 'Goods' : '商品金额', '¥40'],
      [fee, '¥5'],
      [promo, '-¥5'],
      [lang === 'en' ? 'To pay' : '实付', '¥40'],
    ]);
    expect(container.querySelector('.settlement__estimate')!.textContent).toContain(eta);
  });

  it('applies the best voucher until the customer chooses, and keeps "no voucher" once chosen', async () => {
    const a = api();
    withQuote(a, (body) => ({
      vouchers: [voucher(61, 'Welcome voucher: ¥10 off ¥30', 1000), voucher(62, 'Small', 300, { min_goods_fen: 0 })],
      best_voucher_id: 61,
      voucher_id: body.voucher_id ?? null,
    }));
    const { container } = await page(a);
    await waitFor(() => expect(a.orders.confirm).toHaveBeenLastCalledWith(expect.objectContaining({ voucher_id: 61 })));
    await click(container.querySelector<HTMLElement>('.settlement__voucher')!);
    const labels = [...document.querySelectorAll('.settlement__voucher-sheet .option-sheet__label')].map(
      (e) => e.textContent,
    );
    // The name says the amount: not repeated; no minimum reads as such.
    expect(labels).toEqual(['No voucher', 'Welcome voucher: ¥10 off ¥30', 'Small · No minimum, ¥3 off']);
    await click(getByText(document.body, 'No voucher'));
    await waitFor(() =>
      expect(a.orders.confirm).toHaveBeenLastCalledWith(expect.objectContaining({ voucher_id: undefined })),
    );
  });

  it('reads a voucher without a minimum as 无门槛 in Chinese', async () => {
    const a = api();
    withQuote(a, () => ({ vouchers: [voucher(62, '小额券', 500, { min_goods_fen: 0 })] }));
    const { container } = await page(a, { storage: LOGGED_IN_CN });
    await click(container.querySelector<HTMLElement>('.settlement__voucher')!);
    expect(queryByText(document.body, '小额券 · 无门槛减¥5')).not.toBeNull();
    expect(queryByText(document.body, /满¥0/)).toBeNull();
  });

  it.each([
    ['en', LOGGED_IN, 'Yue Pin Dim Sum House', 'Only at Yue Pin Dim Sum House'],
    ['cn', LOGGED_IN_CN, '粤品茶楼', '仅限 粤品茶楼 使用'],
  ] as const)(
    'a voucher limited to this restaurant says so in the list (%s); one good anywhere says nothing more',
    async (_, storage, restaurantName, onlyThere) => {
      const a = api();
      withQuote(a, () => ({
        vouchers: [
          voucher(61, 'Anywhere', 500),
          voucher(62, 'House', 800, { restaurant_id: 9, restaurant_name: restaurantName }),
        ],
      }));
      const { container } = await page(a, { storage });
      await click(container.querySelector<HTMLElement>('.settlement__voucher')!);
      const options = [...document.querySelectorAll('.settlement__voucher-sheet .option-sheet__option')].map((o) => [
        o.querySelector('.option-sheet__label')!.textContent!.split(' · ')[0],
        o.querySelector('.option-sheet__detail')?.textContent ?? null,
      ]);
      expect(options).toEqual([
        [expect.any(String), null],
        ['Anywhere', null],
        ['House', onlyThere],
      ]);
    },
  );

  it('preselects the last payment method used, or the only one', async () => {
    const a = api();
    const { container } = await page(a, { storage: { checkout_last_method: 'alipay' } });
    await waitFor(() => expect(methodNode(container, 'alipay').getAttribute('aria-checked')).toBe('true'));
    const b = api();
    withQuote(b, () => ({ payment_methods: ['cod'] }));
    const only = await page(b);
    await waitFor(() => expect(methodNode(only.container, 'cod').getAttribute('aria-checked')).toBe('true'));
  });

  it.each([
    ['en', 'Outside the delivery area', '6.2 km from the restaurant, beyond its 5 km delivery radius'],
    ['cn', '超出配送范围', '距离餐厅 6.2 km，超出 5 km 的配送范围'],
  ] as const)(
    'offers in-range addresses first, picks one by default, marks and explains the others (%s)',
    async (lang, mark, note) => {
      const a = api();
      // The default address (4) is out of range, 3 is in range.
      withQuote(a, () => ({
        address_reach: [
          { id: 3, distance_m: 1200, in_range: true },
          { id: 4, distance_m: 6200, in_range: false },
        ],
        delivery_radius_m: 5000,
      }));
      const { container } = await page(a, { storage: lang === 'cn' ? LOGGED_IN_CN : {} });
      await waitFor(() =>
        expect(a.orders.confirm).toHaveBeenLastCalledWith(expect.objectContaining({ address_id: 3 })),
      );
      await click(container.querySelector<HTMLElement>('.settlement__address')!);
      const options = [...document.querySelectorAll('.settlement__address-sheet .option-sheet__label')].map(
        (e) => e.textContent,
      );
      expect(options).toEqual(['Li Lei 13800138000', `Li Lei 13800138000 · ${mark}`]);
      expect(document.querySelector('.settlement__address-sheet')!.textContent).toContain(note);
      // Chosen anyway, the card explains it (not only a toast).
      await click(getByText(document.body, `Li Lei 13800138000 · ${mark}`));
      await waitFor(() =>
        expect(container.querySelector('.settlement__note--out_of_range')!.textContent).toContain(note),
      );
    },
  );
});
