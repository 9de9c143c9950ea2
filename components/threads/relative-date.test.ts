import { describe, expect, it } from 'vitest';
import { nextLabelChange, threadDate } from './relative-date';

// Local calendar times, so that the days are the same in any time zone the tests run in.
const at = (month: number, day: number, hours: number, minutes = 0, seconds = 0, year = 2026) =>
  new Date(year, month - 1, day, hours, minutes, seconds).getTime();
const iso = (time: number) => new Date(time).toISOString();
const label = (modifiedAt: number, now: number) => threadDate(iso(modifiedAt), now, 'en-GB')?.label;

describe('threadDate', () => {
  const now = at(3, 12, 14, 5);

  it('says "just now" within the first minute, and for a time a little ahead of this clock', () => {
    expect(label(now, now)).toBe('just now');
    expect(label(now - 59_000, now)).toBe('just now');
    expect(label(now + 30_000, now)).toBe('just now');
  });

  it('counts whole minutes for the first hour, then hours until midnight', () => {
    expect(label(now - 60_000, now)).toBe('1 min ago');
    expect(label(now - 5 * 60_000 - 59_000, now)).toBe('5 min ago');
    expect(label(now - 59 * 60_000, now)).toBe('59 min ago');
    expect(label(at(3, 12, 13, 5), now)).toBe('1 h ago');
    expect(label(at(3, 12, 0, 1), now)).toBe('14 h ago');
  });

  it('says "yesterday" for the calendar day before, even less than 24 hours ago', () => {
    expect(label(at(3, 11, 23, 0), at(3, 12, 1, 30))).toBe('yesterday');
    expect(label(at(3, 11, 0, 0), now)).toBe('yesterday');
    // Within the hour, the minutes say more than the day does.
    expect(label(at(3, 11, 23, 50), at(3, 12, 0, 10))).toBe('20 min ago');
  });

  it('gives a short date before yesterday, with the year only when it is another one', () => {
    expect(label(at(3, 10, 23, 59), now)).toBe('10 Mar');
    expect(label(at(12, 1, 9, 0, 0, 2025), now)).toBe('1 Dec 2025');
  });

  it('gives the exact date and time in full', () => {
    expect(threadDate(iso(at(3, 10, 9, 30)), now, 'en-GB')?.exact).toMatch(/^Tuesday,? 10 March 2026 at 09:30$/);
  });

  it('gives nothing for a date that does not parse', () => {
    expect(threadDate('not a date', now)).toBeNull();
    expect(nextLabelChange('not a date', now)).toBeNull();
  });
});

describe('nextLabelChange', () => {
  const now = at(3, 12, 14, 5, 20);

  it('is the next whole minute of the age during the first hour', () => {
    const modifiedAt = at(3, 12, 14, 0, 0);
    const next = nextLabelChange(iso(modifiedAt), now);
    expect(next).toBe(at(3, 12, 14, 6, 0));
    expect(label(modifiedAt, now)).toBe('5 min ago');
    expect(label(modifiedAt, next! - 1)).toBe('5 min ago');
    expect(label(modifiedAt, next!)).toBe('6 min ago');
  });

  it('is the next whole hour of the age later today, but midnight at the latest', () => {
    expect(nextLabelChange(iso(at(3, 12, 9, 30)), now)).toBe(at(3, 12, 14, 30));
    expect(nextLabelChange(iso(at(3, 12, 9, 30)), at(3, 12, 23, 45))).toBe(at(3, 13, 0, 0));
  });

  it('is midnight for yesterday and older dates', () => {
    expect(nextLabelChange(iso(at(3, 11, 9, 30)), now)).toBe(at(3, 13, 0, 0));
    expect(nextLabelChange(iso(at(1, 2, 9, 30)), now)).toBe(at(3, 13, 0, 0));
  });

  it('is never now or before it, so the list cannot wake in a loop', () => {
    for (const modifiedAt of [now, now - 60_000, now - 3_600_000, now - 86_400_000, now + 5_000]) {
      expect(nextLabelChange(iso(modifiedAt), now)).toBeGreaterThan(now);
    }
  });
});
