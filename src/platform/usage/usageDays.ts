// Calendar days as "YYYY-MM-DD" strings in a named time zone: an entry belongs to the day its
// time falls on where the person is now, so a day's spend follows a time-zone change or a
// clock change, and days compare as strings.

const MS_PER_DAY = 86_400_000;
/** A zone's offset changes at most twice a year: within six hours it changes at most once. */
const SPAN_MS = 6 * 3_600_000;

/** Maps instants to their local day in one time zone, quickly for many entries. */
export class DayKeys {
  private readonly format: Intl.DateTimeFormat;
  /** The offset over each six-hour span; NaN for a span the offset changes in. */
  private readonly offsets = new Map<number, number>();
  private readonly names = new Map<number, string>();

  constructor(readonly timeZone: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
  }

  /** The local day of the instant `ms`. */
  of(ms: number): string {
    const span = Math.floor(ms / SPAN_MS);
    let offset = this.offsets.get(span);
    if (offset === undefined) {
      const start = this.offsetAt(span * SPAN_MS);
      offset = start === this.offsetAt((span + 1) * SPAN_MS - 60_000) ? start : NaN;
      this.offsets.set(span, offset);
    }
    if (Number.isNaN(offset)) offset = this.offsetAt(ms);
    const index = Math.floor((ms + offset) / MS_PER_DAY);
    let day = this.names.get(index);
    if (day === undefined) this.names.set(index, (day = new Date(index * MS_PER_DAY).toISOString().slice(0, 10)));
    return day;
  }

  /** How far the zone's clock is ahead of UTC at `ms`, to the minute. */
  private offsetAt(ms: number): number {
    const p = Object.fromEntries(this.format.formatToParts(ms).map((part) => [part.type, Number(part.value)]));
    const minute = Math.floor(ms / 60_000) * 60_000;
    return Date.UTC(p.year!, p.month! - 1, p.day, p.hour, p.minute) - minute;
  }
}

/** The day `n` days after `day` (before it when negative). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The Monday of the week `day` is in. */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Whether `day` is a real "YYYY-MM-DD" date. */
export function isDay(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;
}
