import {
  canMove,
  FORWARD_PATH,
  nextStatus,
  ORDER_STATUS_CODES,
  ORDER_STATUS_LABELS,
  PROGRESS_STEP_LABELS,
  progressSteps,
  type OrderMode,
} from '../../types/order-status';
import cn from '../../src/i18n/cn.json';
import en from '../../src/i18n/en.json';

/**
 * The transition table written out by hand (independent of how types/order-status.ts builds it): every pair of
 * status codes not listed here must be refused.
 */
const ALLOWED: Record<OrderMode, Record<number, number[]>> = {
  delivery: {
    0: [6, 4],
    6: [10, 4, 5],
    10: [1, 4, 5],
    1: [7, 4, 5],
    7: [2, 5],
    2: [3, 5],
    3: [9, 5],
    9: [11, 5],
    11: [],
    4: [5],
    5: [],
  },
  collection: {
    0: [6, 4],
    6: [10, 4, 5],
    10: [1, 4, 5],
    1: [9, 4, 5],
    7: [],
    2: [],
    3: [],
    9: [11, 5],
    11: [],
    4: [5],
    5: [],
  },
};

describe('order status transition table', () => {
  const modes: OrderMode[] = ['delivery', 'collection'];
  const pairs = modes.flatMap((mode) =>
    ORDER_STATUS_CODES.flatMap((from) => ORDER_STATUS_CODES.map((to) => [mode, from, to] as const)),
  );

  it('covers the eleven codes of the specification', () => {
    expect([...ORDER_STATUS_CODES].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11]);
  });

  it.each(pairs)('%s: %i -> %i is allowed exactly when listed', (mode, from, to) => {
    expect(canMove(mode, from, to)).toBe(ALLOWED[mode][from]!.includes(to));
  });

  it('refuses unknown codes', () => {
    expect(canMove('delivery', 8, 0)).toBe(false);
    expect(canMove('delivery', 0, 8)).toBe(false);
  });

  it('advances along each mode’s path', () => {
    const walk = (mode: OrderMode) => {
      const seen: number[] = [0];
      for (let s = nextStatus(mode, 0); s !== null; s = nextStatus(mode, s)) seen.push(s);
      return seen;
    };
    expect(walk('delivery')).toEqual([0, 6, 10, 1, 7, 2, 3, 9, 11]);
    expect(walk('collection')).toEqual([0, 6, 10, 1, 9, 11]);
    expect(nextStatus('delivery', 4)).toBeNull();
    expect(nextStatus('collection', 7)).toBeNull();
  });

  it('maps the history to the progress steps in both languages', () => {
    const history = [
      { status: 0, at: 1 },
      { status: 6, at: 2 },
      { status: 10, at: 3 },
      { status: 1, at: 4 },
      { status: 7, at: 5 },
    ];
    const en = progressSteps('delivery', history, 'en');
    expect(en.map((s) => [s.label, s.done, s.at])).toEqual([
      ['Submitted', true, 1],
      ['Confirmed by restaurant', true, 3],
      ['Being prepared', true, 4],
      // The step it is in reads as the header: status 7.
      ['Driver assigned', true, 5],
      ['Delivered', false, undefined],
      ['Completed', false, undefined],
    ]);
    const cn = progressSteps('collection', history.slice(0, 2), 'cn');
    expect(cn.map((s) => [s.label, s.done])).toEqual([
      ['订单已提交', true],
      ['商家已接单', false],
      ['商家备餐中', false],
      ['已完成', false],
    ]);
    // In a step: the header's words; header and step share them for every status of the forward path but the first.
    expect(progressSteps('collection', [...history.slice(0, 3)], 'cn')[1]).toMatchObject({
      label: '商家已接单',
      at: 3,
    });
    expect(ORDER_STATUS_LABELS[10].cn).toBe('商家已接单');
    expect(ORDER_STATUS_LABELS[1].cn).toBe(PROGRESS_STEP_LABELS.preparing.cn);
    for (const mode of ['delivery', 'collection'] as const) {
      const path = FORWARD_PATH[mode];
      for (let i = 2; i < path.length; i++) {
        const seen = path.slice(0, i + 1).map((status, at) => ({ status, at }));
        for (const lang of ['cn', 'en'] as const) {
          const step = progressSteps(mode, seen, lang)
            .filter((st) => st.done)
            .pop()!;
          expect(step.label).toBe(ORDER_STATUS_LABELS[path[i]!][lang]);
        }
      }
    }
  });

  it('a cancelled or refunded order: the steps it reached, then the end with its time', () => {
    const unpaid = progressSteps(
      'delivery',
      [
        { status: 0, at: 1 },
        { status: 4, at: 9 },
      ],
      'en',
    );
    expect(unpaid.map((s) => [s.key, s.label, s.done, s.at])).toEqual([
      ['submitted', 'Submitted', true, 1],
      ['cancelled', 'Cancelled', true, 9],
    ]);
    const paid = progressSteps(
      'collection',
      [
        { status: 0, at: 1 },
        { status: 6, at: 2 },
        { status: 10, at: 3 },
        { status: 4, at: 4 },
        { status: 5, at: 4 },
      ],
      'cn',
    );
    expect(paid.map((s) => [s.key, s.label, s.at])).toEqual([
      ['submitted', '订单已提交', 1],
      ['confirmed', '商家已接单', 3],
      ['cancelled', '已取消', 4],
      ['refunded', '已退款', 4],
    ]);
  });
});

describe('status words (issue 15 §4: natural status names, header and steps agree)', () => {
  it("the server's word for each status is the app's own (orders tab, order page and board show the server's)", () => {
    const packs = { cn: cn.order as Record<string, string>, en: en.order as Record<string, string> };
    for (const code of ORDER_STATUS_CODES) {
      for (const lang of ['cn', 'en'] as const) {
        expect({ code, lang, label: ORDER_STATUS_LABELS[code][lang] }).toEqual({
          code,
          lang,
          label: packs[lang][`status_${code}`],
        });
      }
    }
  });

  it('a closed order reads as completed, as its last step does, in both languages', () => {
    for (const lang of ['cn', 'en'] as const) {
      for (const code of [9, 11] as const) {
        expect(ORDER_STATUS_LABELS[code][lang]).toBe(PROGRESS_STEP_LABELS.completed[lang]);
      }
    }
  });
});
