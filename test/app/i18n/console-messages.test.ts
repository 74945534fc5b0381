import { CONSOLE_MESSAGES, consoleT } from '../../../src/i18n/console';

/** The console's messages (src/i18n/console.ts) follow the rules of cn.json/en.json (messages.test.ts). */
const placeholders = (s: string) => [...new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

describe('console messages', () => {
  const { cn, en } = CONSOLE_MESSAGES;

  it('have the same keys in both languages, non-empty, with the same {placeholders}', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(cn).sort());
    const bad = Object.keys(cn).filter((key) => {
      const k = key as keyof typeof cn;
      return !cn[k].trim() || !en[k].trim() || placeholders(cn[k]).join() !== placeholders(en[k]).join();
    });
    expect(bad).toEqual([]);
  });

  it('Chinese has one form; English counted messages have two', () => {
    expect(Object.values(cn).filter((v) => v.includes('|'))).toEqual([]);
    expect(consoleT('en')('today_method_line', { count: 1 })).toBe('1 order');
    expect(consoleT('en')('today_method_line', { count: 2 })).toBe('2 orders');
    expect(consoleT('cn')('today_method_line', { count: 2 })).toBe('2 单');
    expect(consoleT('en')('busy_minutes', { minutes: 15 })).toBe('15 min');
  });

  it('the confirmation buttons fit a WeChat modal (at most 4 Chinese characters)', () => {
    expect([cn.member_remove, cn.cancel].filter((s) => s.length > 4)).toEqual([]);
  });
});
