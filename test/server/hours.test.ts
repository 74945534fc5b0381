import { openState, weekHours, type HoursWindow } from '../../server/src/modules/stores/hours';
import { chinaTime } from './support/clock';

const open = { closed: 0, resume_at: null };
const daily = (o: number, c: number): HoursWindow[] =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, open_min: o, close_min: c }));

describe('opening hours (China time)', () => {
  const lateNight = daily(17 * 60, 27 * 60); // 17:00-03:00

  it('is open inside a window and says when it closes', () => {
    expect(openState(chinaTime(2026, 10, 1, 20), lateNight, open)).toEqual({
      is_open: true,
      closed_reason: null,
      resumes_at: null,
      closes_at: chinaTime(2026, 10, 2, 3),
    });
  });

  it('stays open after midnight in a window that crosses it', () => {
    expect(openState(chinaTime(2026, 10, 2, 2, 30), lateNight, open)).toMatchObject({
      is_open: true,
      closes_at: chinaTime(2026, 10, 2, 3),
    });
    expect(openState(chinaTime(2026, 10, 2, 0, 0), lateNight, open)).toMatchObject({ is_open: true });
  });

  it('is closed between windows and resumes at the next opening', () => {
    expect(openState(chinaTime(2026, 10, 2, 3, 0), lateNight, open)).toEqual({
      is_open: false,
      closed_reason: 'hours',
      resumes_at: chinaTime(2026, 10, 2, 17),
      closes_at: null,
    });
    expect(openState(chinaTime(2026, 10, 2, 16, 59), lateNight, open)).toMatchObject({
      is_open: false,
      resumes_at: chinaTime(2026, 10, 2, 17),
    });
  });

  it('uses the previous weekday for the part after midnight', () => {
    // Only Friday evening, crossing into Saturday.
    const fridayOnly: HoursWindow[] = [{ weekday: 5, open_min: 22 * 60, close_min: 26 * 60 }];
    expect(openState(chinaTime(2026, 10, 3, 1), fridayOnly, open)).toMatchObject({
      is_open: true,
      closes_at: chinaTime(2026, 10, 3, 2),
    });
    expect(openState(chinaTime(2026, 10, 3, 3), fridayOnly, open)).toMatchObject({
      is_open: false,
      resumes_at: chinaTime(2026, 10, 9, 22),
    });
  });

  it('skips a closed day', () => {
    const notMonday = [0, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, open_min: 11 * 60, close_min: 22 * 60 }));
    // Monday 5 October 2026 at noon: next opening is Tuesday 11:00.
    expect(openState(chinaTime(2026, 10, 5, 12), notMonday, open)).toMatchObject({
      is_open: false,
      resumes_at: chinaTime(2026, 10, 6, 11),
    });
    // Sunday 22:30: closed, reopens Tuesday.
    expect(openState(chinaTime(2026, 10, 4, 22, 30), notMonday, open)).toMatchObject({
      is_open: false,
      resumes_at: chinaTime(2026, 10, 6, 11),
    });
  });

  it('has no closing time when open around the clock', () => {
    expect(openState(chinaTime(2026, 10, 1, 3), daily(0, 1440), open)).toEqual({
      is_open: true,
      closed_reason: null,
      resumes_at: null,
      closes_at: null,
    });
  });

  it('joins touching windows', () => {
    const split = daily(10 * 60, 14 * 60).concat(daily(14 * 60, 22 * 60));
    expect(openState(chinaTime(2026, 10, 1, 13), split, open)).toMatchObject({
      is_open: true,
      closes_at: chinaTime(2026, 10, 1, 22),
    });
  });

  it('is closed with no resume time when it has no hours', () => {
    expect(openState(chinaTime(2026, 10, 1, 12), [], open)).toEqual({
      is_open: false,
      closed_reason: 'hours',
      resumes_at: null,
      closes_at: null,
    });
  });

  it('lets a manual closure win until its resume time, then follows the hours again', () => {
    const resume = chinaTime(2026, 10, 10, 10);
    const hours = daily(10 * 60, 22 * 60);
    expect(openState(chinaTime(2026, 10, 1, 12), hours, { closed: 1, resume_at: resume })).toEqual({
      is_open: false,
      closed_reason: 'manual',
      resumes_at: resume,
      closes_at: null,
    });
    expect(openState(chinaTime(2026, 10, 10, 12), hours, { closed: 1, resume_at: resume })).toMatchObject({
      is_open: true,
    });
    expect(openState(chinaTime(2030, 1, 1, 12), hours, { closed: 1, resume_at: null })).toMatchObject({
      is_open: false,
      closed_reason: 'manual',
      resumes_at: null,
    });
  });

  it('shows the week Sunday first with overnight windows marked', () => {
    const week = weekHours([
      { weekday: 1, open_min: 17 * 60, close_min: 26 * 60 },
      { weekday: 1, open_min: 11 * 60, close_min: 14 * 60 },
      { weekday: 2, open_min: 0, close_min: 1440 },
    ]);
    expect(week.map((d) => d.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(week[0]!.windows).toEqual([]);
    expect(week[1]!.windows).toEqual([
      { open: '11:00', close: '14:00', overnight: false },
      { open: '17:00', close: '02:00', overnight: true },
    ]);
    expect(week[2]!.windows).toEqual([{ open: '00:00', close: '24:00', overnight: false }]);
  });
});
