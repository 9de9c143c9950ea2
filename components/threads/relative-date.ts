/**
 * A thread's time as the list shows it: "just now", "5 min ago", "3 h ago" (earlier today),
 * "yesterday", then a short date ("12 Mar", with the year when it is not this one); the exact
 * date and time for a tooltip and screen readers. Days are the reader's calendar days, so
 * "yesterday" means before last midnight, not 24 hours ago.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface ThreadDate {
  /** What the row shows. */
  label: string;
  /** The exact date and time, in the reader's locale. */
  exact: string;
}

// Building a formatter costs far more than using one: one per locale, kept.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}

function startOfDay(time: number): number {
  const day = new Date(time);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
}

function nextMidnight(time: number): number {
  const day = new Date(startOfDay(time));
  day.setDate(day.getDate() + 1);
  return day.getTime();
}

function previousMidnight(time: number): number {
  const day = new Date(startOfDay(time));
  day.setDate(day.getDate() - 1);
  return day.getTime();
}

/** The label and exact date of `modifiedAt` (RFC 3339) as of `now`; null for a date that does not parse. */
export function threadDate(modifiedAt: string, now: number, locale?: string): ThreadDate | null {
  const time = Date.parse(modifiedAt);
  if (Number.isNaN(time)) return null;
  return { label: relativeLabel(time, now, locale), exact: formatter(locale, { dateStyle: 'full', timeStyle: 'short' }).format(time) };
}

function relativeLabel(time: number, now: number, locale: string | undefined): string {
  const age = now - time;
  // A time ahead of this clock (the relay's clock a little ahead) is as new as it gets.
  if (age < MINUTE) return 'just now';
  if (age < HOUR) return `${Math.floor(age / MINUTE)} min ago`;
  const today = startOfDay(now);
  if (time >= today) return `${Math.floor(age / HOUR)} h ago`;
  if (time >= previousMidnight(now)) return 'yesterday';
  const sameYear = new Date(time).getFullYear() === new Date(now).getFullYear();
  return formatter(locale, sameYear ? { day: 'numeric', month: 'short' } : { day: 'numeric', month: 'short', year: 'numeric' }).format(
    time,
  );
}

/**
 * When the label of `modifiedAt` next changes after `now`: the list sleeps until the first of
 * its rows' changes rather than waking every few seconds. Null for a date that does not parse.
 */
export function nextLabelChange(modifiedAt: string, now: number): number | null {
  const time = Date.parse(modifiedAt);
  if (Number.isNaN(time)) return null;
  const age = now - time;
  if (age < MINUTE) return time + MINUTE;
  if (age < HOUR) return time + (Math.floor(age / MINUTE) + 1) * MINUTE;
  const midnight = nextMidnight(now);
  if (time >= startOfDay(now)) return Math.min(time + (Math.floor(age / HOUR) + 1) * HOUR, midnight);
  // "yesterday" becomes a date at midnight; a date gains its year on New Year's night.
  return midnight;
}
