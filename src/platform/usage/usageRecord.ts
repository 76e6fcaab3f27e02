// The usage record the features write to: `add` only queues the line and returns at once, so
// an answer never waits for the disk; the queue is written in one append a moment later.
// Failures are logged, never thrown at the answer that caused them.
import { appendLines, keepWithin } from '../storage/boundedLog';
import { MAX_USAGE_BYTES, monthFile, readUsage, USAGE_FILE, type UsageRead } from './usageFiles';
import { usageLine, type UsageEntry } from './usageEntry';

export interface UsageRecordOptions {
  /** The record's folder (`<globalStorage>/usage`). */
  folder: string;
  maxBytes?: number;
  /** The extension's log (English). */
  log?: (line: string) => void;
}

export class UsageRecord {
  private pending: { time: string; line: string }[] = [];
  private writing: Promise<void> = Promise.resolve();
  private scheduled = false;
  /** The record's size as last measured plus what was appended since; undefined until measured. */
  private bytes?: number;
  private readonly listeners = new Set<(entry: Omit<UsageEntry, 'v'>, line: string) => void>();

  constructor(readonly options: UsageRecordOptions) {}

  /** Queues one entry; returns at once. */
  add(entry: Omit<UsageEntry, 'v'>): void {
    const line = usageLine(entry);
    this.pending.push({ time: entry.time, line });
    for (const listener of this.listeners) listener(entry, line);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.writing = this.writing.then(() => this.write());
    });
  }

  /** Called with each entry as it is added, and the line it is written as (the status bar's totals). */
  onDidAdd(listener: (entry: Omit<UsageEntry, 'v'>, line: string) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Resolves when every entry added so far is on disk. */
  async flushed(): Promise<void> {
    while (this.scheduled || this.pending.length > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      await this.writing;
    }
    await this.writing;
  }

  /** Every entry from the UTC day `fromDay` ("2026-10-02") on, or all, with the corrupt lines counted. */
  async read(fromDay?: string): Promise<UsageRead> {
    await this.flushed();
    return readUsage(this.options.folder, fromDay);
  }

  private async write(): Promise<void> {
    const lines = this.pending;
    this.pending = [];
    if (lines.length === 0) return;
    const { folder, maxBytes = MAX_USAGE_BYTES, log } = this.options;
    try {
      // Lines of one month go to its file; a batch rarely spans two.
      const byFile = new Map<string, string>();
      for (const { time, line } of lines) {
        const file = monthFile(folder, time);
        byFile.set(file, (byFile.get(file) ?? '') + line);
      }
      await appendLines(folder, byFile);
      const added = lines.reduce((sum, { line }) => sum + Buffer.byteLength(line), 0);
      this.bytes = this.bytes === undefined || this.bytes + added > maxBytes ? await keepWithin(folder, USAGE_FILE, maxBytes) : this.bytes + added;
    } catch (error) {
      log?.(`Usage record: could not write ${lines.length} entr${lines.length === 1 ? 'y' : 'ies'}: ${(error as Error).message}`);
    }
  }
}
