import { formatDate, formatWhen } from '../../../src/utils/date';
import { formatWhenInSentence } from '../../../src/utils/date-in-sentence';

describe('formatDate (China time, UTC+8)', () => {
  const epoch = 0; // 1970-01-01 08:00 in China
  const lateUtc = Date.UTC(2024, 0, 31, 16, 30); // 2024-02-01 00:30 in China
  const morning = Date.UTC(2025, 11, 3, 1, 5); // 2025-12-03 09:05 in China

  it('formats in Chinese', () => {
    expect(formatDate(epoch, 'cn')).toBe('1970年1月1日');
    expect(formatDate(morning, 'cn')).toBe('2025年12月3日');
    expect(formatDate(morning, 'cn', true)).toBe('2025年12月3日 09:05');
  });

  it('formats in English', () => {
    expect(formatDate(epoch, 'en')).toBe('1970-01-01');
    expect(formatDate(morning, 'en')).toBe('2025-12-03');
    expect(formatDate(morning, 'en', true)).toBe('2025-12-03 09:05');
  });

  it('uses the China date, not the UTC one, around midnight', () => {
    expect(formatDate(lateUtc, 'en', true)).toBe('2024-02-01 00:30');
    expect(formatDate(lateUtc, 'cn')).toBe('2024年2月1日');
    expect(formatDate(Date.UTC(2024, 0, 31, 15, 59), 'en', true)).toBe('2024-01-31 23:59');
  });

  it('agrees with the Asia/Shanghai calendar over a year of instants', () => {
    const china = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    for (let ms = Date.UTC(2024, 0, 1); ms < Date.UTC(2025, 0, 1); ms += 7 * 3600 * 1000 + 13 * 60 * 1000) {
      const expected = china.format(ms).replace(',', '');
      expect(formatDate(ms, 'en', true)).toBe(expected);
    }
  });
});

describe('formatWhen (issue 15: collection times as people say them)', () => {
  // 2030-01-01 10:00 in China.
  const now = Date.UTC(2030, 0, 1, 2, 0);
  const at = (day: number, h: number, m: number) => Date.UTC(2030, 0, day, h - 8, m);
  it('today, tomorrow and yesterday by name in both languages; further away the date', () => {
    expect(formatWhen(at(1, 19, 15), 'cn', now)).toBe('今天 19:15');
    expect(formatWhen(at(1, 19, 15), 'en', now)).toBe('Today 19:15');
    expect(formatWhen(at(2, 10, 30), 'cn', now)).toBe('明天 10:30');
    expect(formatWhen(at(2, 10, 30), 'en', now)).toBe('Tomorrow 10:30');
    expect(formatWhen(at(1, 0, 5), 'en', now)).toBe('Today 00:05');
    expect(formatWhen(at(0, 23, 55), 'cn', now)).toBe('昨天 23:55');
    expect(formatWhen(at(3, 12, 0), 'cn', now)).toBe('2030年1月3日 12:00');
    expect(formatWhen(at(3, 12, 0), 'en', now)).toBe('2030-01-03 12:00');
  });
});

describe('formatWhenInSentence (issue 15: "Estimated delivery today 10:05–10:30")', () => {
  const now = Date.UTC(2030, 0, 1, 2, 0);
  const at = (day: number, h: number, m: number) => Date.UTC(2030, 0, day, h - 8, m);
  it('lower case mid-sentence in English; Chinese and dates as formatWhen', () => {
    expect(formatWhenInSentence(at(1, 10, 5), 'en', now)).toBe('today 10:05');
    expect(formatWhenInSentence(at(2, 10, 30), 'en', now)).toBe('tomorrow 10:30');
    expect(formatWhenInSentence(at(0, 23, 55), 'en', now)).toBe('yesterday 23:55');
    expect(formatWhenInSentence(at(1, 10, 5), 'cn', now)).toBe('今天 10:05');
    expect(formatWhenInSentence(at(2, 10, 30), 'cn', now)).toBe('明天 10:30');
    expect(formatWhenInSentence(at(3, 12, 0), 'en', now)).toBe('2030-01-03 12:00');
    expect(formatWhenInSentence(at(3, 12, 0), 'cn', now)).toBe('2030年1月3日 12:00');
  });
});
