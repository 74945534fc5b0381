import {
  buildChoice,
  clampQuantity,
  maxAllowed,
  minRequired,
  missingGroups,
  toggleOption,
  totalPrice,
  unitPrice,
  type Selection,
} from '../../../src/utils/menu-choice';
import { group, noodles } from '../support/discover';

const item = noodles();
const [noodleGroup, toppings] = item.option_groups as [ReturnType<typeof group>, ReturnType<typeof group>];

describe('group rules', () => {
  it('a compulsory group needs at least max(1, min_select); an optional one needs none', () => {
    expect(minRequired(noodleGroup)).toBe(1);
    expect(minRequired(group(1, 'x', { compulsory: true, min_select: 0, max_select: 3 }, []))).toBe(1);
    expect(minRequired(group(1, 'x', { compulsory: true, min_select: 2, max_select: 3 }, []))).toBe(2);
    expect(minRequired(toppings)).toBe(0);
  });

  it('max_select is the limit; zero or less means as many as there are options', () => {
    expect(maxAllowed(toppings)).toBe(2);
    expect(
      maxAllowed(
        group(1, 'x', { max_select: 0 }, [
          [1, 'a', 0],
          [2, 'b', 0],
          [3, 'c', 0],
        ]),
      ),
    ).toBe(3);
  });
});

describe('toggleOption', () => {
  it('chooses, then unchooses on a second tap', () => {
    const one = toggleOption(toppings, {}, 121);
    expect(one).toEqual({ selection: { 12: [121] } });
    expect(toggleOption(toppings, one.selection, 121).selection).toEqual({ 12: [] });
  });

  it('a group of one swaps its option like a radio', () => {
    const a = toggleOption(noodleGroup, {}, 111).selection;
    const b = toggleOption(noodleGroup, a, 113);
    expect(b.selection).toEqual({ 11: [113] });
    expect(b.notice).toBeUndefined();
  });

  it('past the maximum of a larger group, refuses with the maximum notice', () => {
    let s: Selection = {};
    s = toggleOption(toppings, s, 121).selection;
    s = toggleOption(toppings, s, 122).selection;
    const third = toggleOption(toppings, s, 123);
    expect(third.selection).toBe(s);
    expect(third.notice).toEqual({ kind: 'max', group: toppings, max: 2 });
  });

  it('refuses a sold-out option', () => {
    const r = toggleOption(toppings, {}, 124);
    expect(r.selection).toEqual({});
    expect(r.notice).toEqual({ kind: 'sold_out', group: toppings });
  });

  it('ignores an option of another group', () => {
    expect(toggleOption(toppings, {}, 111)).toEqual({ selection: {} });
  });
});

describe('prices', () => {
  it('item price plus the chosen deltas, times the quantity', () => {
    const s: Selection = { 11: [113], 12: [121, 122] };
    expect(unitPrice(item, {})).toBe(2000);
    expect(unitPrice(item, s)).toBe(2000 + 100 + 300 + 800);
    expect(totalPrice(item, s, 3)).toBe(3 * 3200);
  });

  it('ignores unknown and sold-out option ids', () => {
    expect(unitPrice(item, { 12: [124, 999] })).toBe(2000);
  });

  it('keeps the quantity between 1 and 99', () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(-3)).toBe(1);
    expect(clampQuantity(2.4)).toBe(2);
    expect(clampQuantity(120)).toBe(99);
    expect(clampQuantity(Number.NaN)).toBe(1);
    expect(totalPrice(item, {}, 0)).toBe(2000);
  });
});

describe('buildChoice', () => {
  it('refuses while a compulsory group is empty, naming it', () => {
    expect(missingGroups(item, {})).toEqual([noodleGroup]);
    expect(buildChoice(9, item, { 12: [121] }, 1)).toEqual({ ok: false, reason: 'missing', missing: [noodleGroup] });
  });

  it('does not count a sold-out option towards a compulsory group', () => {
    const soldOutOnly = noodles({
      option_groups: [
        group(11, 'Noodles', { compulsory: true, min_select: 1, max_select: 1 }, [[111, 'Thin', 0, true]]),
      ],
    });
    expect(buildChoice(9, soldOutOnly, { 11: [111] }, 1)).toMatchObject({ ok: false, reason: 'missing' });
  });

  it('refuses more options than the maximum (a selection made elsewhere)', () => {
    expect(buildChoice(9, item, { 11: [111], 12: [121, 122, 123] }, 1)).toEqual({
      ok: false,
      reason: 'too_many',
      group: toppings,
    });
  });

  it('refuses a sold-out item', () => {
    expect(buildChoice(9, noodles({ sold_out: true }), { 11: [111] }, 1)).toEqual({ ok: false, reason: 'sold_out' });
  });

  it('hands on the groups, option names and prices of a valid choice, in menu order', () => {
    const r = buildChoice(9, item, { 12: [122, 121], 11: [112] }, 2);
    expect(r).toEqual({
      ok: true,
      choice: {
        restaurant_id: 9,
        item_id: 159,
        name: 'Lanzhou Beef Noodles',
        quantity: 2,
        options: [
          { group_id: 11, option_ids: [112] },
          { group_id: 12, option_ids: [121, 122] },
        ],
        option_names: ['Wide', 'Fried egg', 'Extra beef'],
        unit_price_fen: 3100,
        total_fen: 6200,
      },
    });
  });

  it('an item without groups needs no choice', () => {
    const tea = noodles({ option_groups: [], price_fen: 800 });
    expect(buildChoice(9, tea, {}, 1)).toMatchObject({
      ok: true,
      choice: { options: [], option_names: [], total_fen: 800 },
    });
  });
});
