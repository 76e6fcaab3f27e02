// Adds each answer and image request to the usage record (src/usage/common), with the key it went
// out with, the workspace's name and where it came from. Entries are queued and written off the
// answer's path; the secret never reaches the record, only the key's masked prefix and name.
import * as vscode from 'vscode';
import { type AnswerUsage } from '../../reply/modelConnection';
import { type KeyIdentity } from '../../keys/keyList';
import { KeySpendTotals } from '../keySpendTotals';
import { DayKeys } from '../usageDays';
import { type UsageEntry, type UsageKey, type UsageSource, usageTokens } from '../usageEntry';
import { UsageRecord } from '../usageRecord';
import { Disposable } from '../../vscode/lifecycle';

/** The key as the record names it: its id and name from the key store, never its secret. */
export function usageKey(identity: KeyIdentity): UsageKey {
  return { id: identity.id, name: identity.name };
}

const machineTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export class UsageRecorder extends Disposable {
  private readonly added = this.register(new vscode.EventEmitter<void>());
  /** Fires when an entry is added. */
  readonly onDidAdd = this.added.event;
  private readonly spend: KeySpendTotals;
  constructor(
    readonly record: UsageRecord,
    private readonly now: () => number = Date.now,
  ) {
    super();
    this.spend = this.register(new KeySpendTotals(record, now));
  }

  /** A text answer that ended: `key` is the one it went out with. */
  answered(source: UsageSource, model: string, key: UsageKey, answer: AnswerUsage): void {
    const { usage, costRub, savedRub } = answer;
    this.add({
      model,
      interface: answer.interface,
      key,
      source,
      ...(usage && { tokens: usageTokens(usage) }),
      ...(costRub !== undefined && { costRub }),
      ...(savedRub !== undefined && { savedRub }),
    });
  }

  /** Images made by `model`. */
  madeImages(model: string, key: UsageKey, images: number, costRub: number | undefined): void {
    this.add({ model, interface: 'images', key, source: 'images', images, ...(costRub !== undefined && { costRub }) });
  }

  /** Today's and this month's spend of the key `keyId`, in RUB, in the machine's time zone; other windows' answers count too. */
  spendOf(keyId: string): Promise<{ today: number; month: number }> {
    return this.spend.spendOf(keyId, machineTimeZone());
  }

  /** The local day now ("2026-11-28"), as the spend is counted by. */
  today(): string {
    return new DayKeys(machineTimeZone()).of(this.now());
  }

  private add(fields: Omit<UsageEntry, 'v' | 'time' | 'project'>): void {
    const entry = { time: new Date(this.now()).toISOString(), project: vscode.workspace.name ?? '', ...fields };
    this.record.add(entry);
    this.added.fire();
  }
}
