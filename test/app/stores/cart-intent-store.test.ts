import { CartIntentStore } from '../../../src/stores/cart-intent-store';
import type { MenuChoice } from '../../../src/utils/menu-choice';

const choice: MenuChoice = {
  restaurant_id: 9,
  item_id: 159,
  name: 'Noodles',
  quantity: 1,
  options: [{ group_id: 11, option_ids: [111] }],
  option_names: ['Thin'],
  unit_price_fen: 2000,
  total_fen: 2000,
};

describe('CartIntentStore', () => {
  it('without a cart handler keeps the choice and answers pending', async () => {
    const store = new CartIntentStore();
    expect(await store.onMenuChoice(choice)).toBe('pending');
    expect(store.lastChoice).toEqual(choice);
  });

  it('hands the choice to the installed handler and answers what it answers', async () => {
    const store = new CartIntentStore();
    const handler = jest.fn(async () => 'added' as const);
    store.setHandler(handler);
    expect(await store.onMenuChoice(choice)).toBe('added');
    expect(handler).toHaveBeenCalledWith(choice);
    store.setHandler(() => 'failed');
    expect(await store.onMenuChoice(choice)).toBe('failed');
    store.setHandler(undefined);
    expect(await store.onMenuChoice(choice)).toBe('pending');
  });
});
