// What answers cost since VS Code started, per key (Authentication 5: each key has its own spend),
// from the catalog's prices (answers without a price are not counted). Every feature's connection
// reports its answers here; the status bar shows the spend of the key in use.
import * as vscode from 'vscode';
import type { KeyIdentity } from '../../keys/keyList';
import { Disposable } from '../../vscode/lifecycle';

export interface Spend {
  rub: number;
  /** Priced answers counted. */
  answers: number;
}

export class SpendMeter extends Disposable {
  private readonly spent = this.register(new vscode.EventEmitter<void>());
  /** Fires when an answer with a known price finished. */
  readonly onDidSpend = this.spent.event;
  /** By key id. */
  private readonly totals = new Map<string, Spend>();

  /** Counts one priced answer made with `key`. */
  note(key: Pick<KeyIdentity, 'id'>, costRub: number): void {
    const total = this.sinceStart(key.id);
    this.totals.set(key.id, { rub: total.rub + costRub, answers: total.answers + 1 });
    this.spent.fire();
  }

  /** The spend of key `keyId` (without one: of every key) since VS Code started: RUB and the number of priced answers. */
  sinceStart(keyId?: string): Spend {
    const counted = keyId === undefined ? [...this.totals.values()] : [this.totals.get(keyId) ?? { rub: 0, answers: 0 }];
    return counted.reduce((sum, s) => ({ rub: sum.rub + s.rub, answers: sum.answers + s.answers }), { rub: 0, answers: 0 });
  }
}
