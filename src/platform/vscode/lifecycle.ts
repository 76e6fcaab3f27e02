// A small Disposable base (after vscode-pull-request-github's src/common/lifecycle.ts): a class
// registers what it owns once, and dispose() releases all of it, last registered first.
import type * as vscode from 'vscode';

export abstract class Disposable implements vscode.Disposable {
  private disposed = false;
  private readonly owned: vscode.Disposable[] = [];

  protected get isDisposed(): boolean {
    return this.disposed;
  }

  /** Takes `value` to be disposed with this object (at once if that already happened). */
  protected register<T extends vscode.Disposable>(value: T): T {
    if (this.disposed) value.dispose();
    else this.owned.push(value);
    return value;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const value of this.owned.splice(0).reverse()) value.dispose();
  }
}
