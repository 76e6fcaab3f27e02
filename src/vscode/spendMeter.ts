// What answers cost since VS Code started, from the catalog's prices (answers without a price
// are not counted). Every feature's connection reports its answers here; the status bar shows it.
import * as vscode from 'vscode';
import { Disposable } from './lifecycle';

export interface Spend {
  rub: number;
  /** Priced answers counted. */
  answers: number;
}

export class SpendMeter extends Disposable {
  private readonly spent = this.register(new vscode.EventEmitter<void>());
  /** Fires when an answer with a known price finished. */
  readonly onDidSpend = this.spent.event;
  private total: Spend = { rub: 0, answers: 0 };

  /** Counts one priced answer. */
  note(costRub: number): void {
    this.total = { rub: this.total.rub + costRub, answers: this.total.answers + 1 };
    this.spent.fire();
  }

  /** The spend since VS Code started: RUB and the number of priced answers. */
  sinceStart(): Spend {
    return { ...this.total };
  }
}
