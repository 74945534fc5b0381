/**
 * The menu item choice layer's rules as the customer meets them (spec §5 "Menu options"): compulsory groups,
 * the maximum-selection notice, sold-out options disabled, and the price following the choices.
 */
import { MenuItemChoice } from '../../../src/components/menu-item-choice';
import { loadSavedLang, RootStore, StoreProvider } from '../../../src/stores';
import type { MenuChoice } from '../../../src/utils/menu-choice';
import type { MenuItem } from '../../../types/api/stores';
import { fakePlatform } from '../support/fake-platform';
import { fakeApi } from '../support/page';
import { click, getByText, queryByText, render } from '../support/render';
import { noodles, plainItem } from '../support/discover';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

async function open(item: MenuItem = noodles(), options: { blockedReason?: string; lang?: 'cn' | 'en' } = {}) {
  const platform = fakePlatform({ storage: { _lang: options.lang ?? 'en' } });
  // As the app starts (src/start-up.h5.ts): the saved language's pack first.
  await loadSavedLang(platform.storage);
  const store = new RootStore({ platform, apiBase: '', api: fakeApi() });
  const onConfirm = jest.fn(async (_c: MenuChoice) => {});
  const onClose = jest.fn();
  const view = await render(
    <StoreProvider store={store}>
      <MenuItemChoice
        item={item}
        restaurantId={9}
        blockedReason={options.blockedReason}
        onClose={onClose}
        onConfirm={onConfirm}
      />
    </StoreProvider>,
  );
  const c = view.container;
  const option = (name: string) => {
    const el = getByText(c, name).closest<HTMLElement>('.menu-choice__option');
    if (!el) throw new Error(`no option ${name}`);
    return el;
  };
  return {
    ...view,
    onConfirm,
    onClose,
    option,
    tap: (name: string) => click(option(name)),
    confirm: () => click(c.querySelector<HTMLElement>('.menu-choice__confirm')!),
    price: () => c.querySelector('.menu-choice__price')!.textContent,
    notice: () => c.querySelector('.menu-choice__notice')?.textContent ?? null,
  };
}

describe('menu item choice layer', () => {
  it('shows the dish, its groups with their rules, and the base price', async () => {
    const l = await open();
    const c = l.container;
    expect(getByText(c, 'Lanzhou Beef Noodles')).toBeTruthy();
    expect(getByText(c, 'Required, choose 1')).toBeTruthy();
    expect(getByText(c, 'Optional, up to 2')).toBeTruthy();
    expect(getByText(c, 'From ¥20')).toBeTruthy();
    expect(l.price()).toBe('¥20');
    expect(l.notice()).toBeNull();
  });

  it('a dish without options has one price: no "From" (issue 15)', async () => {
    const en = await open(plainItem(177, 'Herbal Tea', 1800));
    expect(en.container.querySelector('.menu-choice__base')!.textContent).toBe('¥18 each');
    await en.unmount();
    const cn = await open(plainItem(177, '王老吉', 1800), { lang: 'cn' });
    expect(cn.container.querySelector('.menu-choice__base')!.textContent).toBe('单价 ¥18');
  });

  it('compulsory: confirming without the required group is refused with a notice naming it', async () => {
    const l = await open();
    expect(l.container.querySelector('.menu-choice__confirm--off')).not.toBeNull();
    await l.tap('Fried egg');
    await l.confirm();
    expect(l.onConfirm).not.toHaveBeenCalled();
    expect(l.notice()).toBe('Please choose: Noodles');
    expect(getByText(l.container, 'Please choose “Noodles”')).toBeTruthy();
    expect(l.container.querySelector('.menu-choice__group--missing')).not.toBeNull();

    // Filling it clears the mark, and the choice goes through with what was chosen.
    await l.tap('Wide');
    expect(l.container.querySelector('.menu-choice__group--missing')).toBeNull();
    expect(l.container.querySelector('.menu-choice__confirm--off')).toBeNull();
    await l.confirm();
    expect(l.onConfirm).toHaveBeenCalledTimes(1);
    expect(l.onConfirm.mock.calls[0]![0]).toEqual({
      restaurant_id: 9,
      item_id: 159,
      name: 'Lanzhou Beef Noodles',
      quantity: 1,
      options: [
        { group_id: 11, option_ids: [112] },
        { group_id: 12, option_ids: [121] },
      ],
      option_names: ['Wide', 'Fried egg'],
      unit_price_fen: 2300,
      total_fen: 2300,
    });
  });

  it('maximum: a third topping of two is refused with the maximum-selection notice', async () => {
    const l = await open();
    await l.tap('Fried egg');
    await l.tap('Extra beef');
    expect(l.notice()).toBeNull();
    await l.tap('Greens');
    expect(l.notice()).toBe('You can choose at most 2 in “Toppings”');
    expect(l.option('Greens').getAttribute('aria-checked')).toBe('false');
    expect(l.option('Fried egg').getAttribute('aria-checked')).toBe('true');
    // Unchoosing one makes room again, and the notice goes.
    await l.tap('Fried egg');
    await l.tap('Greens');
    expect(l.notice()).toBeNull();
    expect(l.option('Greens').getAttribute('aria-checked')).toBe('true');
  });

  it('a group of one swaps its choice instead of refusing', async () => {
    const l = await open();
    await l.tap('Thin');
    await l.tap('Rice noodles');
    expect(l.option('Thin').getAttribute('aria-checked')).toBe('false');
    expect(l.option('Rice noodles').getAttribute('aria-checked')).toBe('true');
    expect(l.notice()).toBeNull();
  });

  it('sold out: the option is marked, disabled and cannot be chosen', async () => {
    const l = await open();
    const cheese = l.option('Cheese');
    expect(cheese.className).toContain('menu-choice__option--sold-out');
    expect(cheese.getAttribute('aria-disabled')).toBe('true');
    expect(cheese.textContent).toContain('Sold out');
    await l.tap('Cheese');
    expect(cheese.getAttribute('aria-checked')).toBe('false');
    expect(l.notice()).toBe('This option is sold out');
    expect(l.price()).toBe('¥20');
  });

  it('price follows the choices and the quantity', async () => {
    const l = await open();
    expect(getByText(l.container, '+¥1')).toBeTruthy();
    await l.tap('Rice noodles');
    expect(l.price()).toBe('¥21');
    await l.tap('Extra beef');
    expect(l.price()).toBe('¥29');
    await click(l.container.querySelector<HTMLElement>('.menu-choice__plus')!);
    await click(l.container.querySelector<HTMLElement>('.menu-choice__plus')!);
    expect(l.container.querySelector('.menu-choice__count')!.textContent).toBe('3');
    expect(l.price()).toBe('¥87');
    await l.tap('Extra beef');
    expect(l.price()).toBe('¥63');
    await click(l.container.querySelector<HTMLElement>('.menu-choice__minus')!);
    await click(l.container.querySelector<HTMLElement>('.menu-choice__minus')!);
    await click(l.container.querySelector<HTMLElement>('.menu-choice__minus')!);
    expect(l.container.querySelector('.menu-choice__count')!.textContent).toBe('1');
    expect(l.price()).toBe('¥21');
    await l.confirm();
    expect(l.onConfirm.mock.calls[0]![0]).toMatchObject({ quantity: 1, unit_price_fen: 2100, total_fen: 2100 });
  });

  it('a dish without choices confirms straight away; a closed restaurant says why and does not', async () => {
    const tea = noodles({ id: 177, name: 'Herbal Tea', price_fen: 800, option_groups: [] });
    const l = await open(tea);
    await l.confirm();
    expect(l.onConfirm).toHaveBeenCalledWith(expect.objectContaining({ item_id: 177, total_fen: 800 }));
    await l.unmount();

    const closed = await open(tea, { blockedReason: 'Closed now · opens again tomorrow at 10:00' });
    expect(closed.notice()).toBe('Closed now · opens again tomorrow at 10:00');
    expect(closed.container.querySelector('.menu-choice__confirm--off')).not.toBeNull();
    await closed.confirm();
    expect(closed.onConfirm).not.toHaveBeenCalled();
  });

  it('closes from the × and the mask', async () => {
    const l = await open();
    await click(l.container.querySelector<HTMLElement>('.menu-choice__close')!);
    await click(l.container.querySelector<HTMLElement>('.menu-choice__mask')!);
    expect(l.onClose).toHaveBeenCalledTimes(2);
  });

  it('speaks Chinese too', async () => {
    const l = await open(noodles(), { lang: 'cn' });
    await l.confirm();
    expect(l.notice()).toBe('请先选择：Noodles');
    expect(queryByText(l.container, '必选 1 项')).not.toBeNull();
    expect(queryByText(l.container, '可选，最多 2 项')).not.toBeNull();
  });
});
