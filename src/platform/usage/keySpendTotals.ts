// Each key's spend by local day over this month, kept in memory for the status bar's tooltip,
// which asks on every refresh and after every answer. The month's files are read once, on first
// need; then each entry this window adds is counted as it is added, and its bytes too. Another
// window appends to the same files: a file whose size is not the one counted is read again, and
// so is the record at a new month or in another time zone. A new day needs nothing: the totals
// are by day.
import { promises as fs } from 'node:fs';
import { addDays, DayKeys } from './usageDays';
import type { UsageEntry } from './usageEntry';
import { monthFile, readMonth } from './usageFiles';
import type { UsageRecord } from './usageRecord';

interface Totals {
  days: DayKeys;
  /** The local month counted ("2026-11"). */
  month: string;
  /** The local day before the month's first: the earliest UTC day an entry of the month is on. */
  fromDay: string;
  /** The bytes of each UTC month's file as counted; a file not here had none. */
  bytes: Map<string, number>;
  /** Key id → local day → spend in RUB. */
  byKey: Map<string, Map<string, number>>;
}

/** The month after "2026-11". */
const nextMonth = (month: string) => addDays(`${month}-28`, 4).slice(0, 7);

export class KeySpendTotals {
  private totals?: Totals;
  private readonly subscription: { dispose(): void };

  constructor(
    private readonly record: UsageRecord,
    private readonly now: () => number = Date.now,
  ) {
    this.subscription = record.onDidAdd((entry, line) => this.totals && count(this.totals, entry, Buffer.byteLength(line)));
  }

  /** Today's and this month's spend of the key `keyId`, in RUB, by the local days of `timeZone`. */
  async spendOf(keyId: string, timeZone: string): Promise<{ today: number; month: number }> {
    // What this window queued is counted already; once it is on disk the files' sizes say whether another window wrote.
    await this.record.flushed();
    const now = this.now();
    let totals = this.totals;
    const today = (totals?.days.timeZone === timeZone ? totals.days : new DayKeys(timeZone)).of(now);
    if (!totals || totals.days.timeZone !== timeZone || totals.month !== today.slice(0, 7) || !(await this.unchanged(totals, now))) {
      totals = await this.read(new DayKeys(timeZone), today, now);
    }
    const spend = { today: 0, month: 0 };
    for (const [day, costRub] of totals.byKey.get(keyId) ?? []) {
      spend.month += costRub;
      if (day === today) spend.today += costRub;
    }
    return spend;
  }

  dispose(): void {
    this.subscription.dispose();
  }

  /** The UTC months whose files may hold entries of the counted month, up to `now`'s. */
  private months(fromDay: string, now: number): string[] {
    const months: string[] = [];
    const last = new Date(now).toISOString().slice(0, 7);
    for (let month = fromDay.slice(0, 7); month <= last; month = nextMonth(month)) months.push(month);
    return months;
  }

  private async unchanged(totals: Totals, now: number): Promise<boolean> {
    const { folder } = this.record.options;
    for (const month of this.months(totals.fromDay, now)) {
      const size = await fs.stat(monthFile(folder, month)).then(
        (stat) => stat.size,
        (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? 0 : Promise.reject(error)),
      );
      if (size !== (totals.bytes.get(month) ?? 0)) return false;
    }
    return true;
  }

  private async read(days: DayKeys, today: string, now: number): Promise<Totals> {
    // Entries added while the files are read are in them or make their size differ at the next ask.
    this.totals = undefined;
    const month = today.slice(0, 7);
    const fromDay = addDays(`${month}-01`, -1);
    const totals: Totals = { days, month, fromDay, bytes: new Map(), byKey: new Map() };
    for (const utcMonth of this.months(fromDay, now)) {
      const { entries, bytes } = await readMonth(this.record.options.folder, utcMonth, fromDay);
      for (const entry of entries) count(totals, entry, 0);
      totals.bytes.set(utcMonth, bytes);
    }
    this.totals = totals;
    return totals;
  }
}

/** Adds one entry to the totals, and `bytes` to its file's size. */
function count(totals: Totals, entry: Pick<UsageEntry, 'time' | 'key' | 'costRub'>, bytes: number): void {
  const file = entry.time.slice(0, 7);
  totals.bytes.set(file, (totals.bytes.get(file) ?? 0) + bytes);
  if (entry.costRub === undefined) return;
  const day = totals.days.of(Date.parse(entry.time));
  if (!day.startsWith(totals.month)) return;
  let byDay = totals.byKey.get(entry.key.id);
  if (!byDay) totals.byKey.set(entry.key.id, (byDay = new Map()));
  byDay.set(day, (byDay.get(day) ?? 0) + entry.costRub);
}
