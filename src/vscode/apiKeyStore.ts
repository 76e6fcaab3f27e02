// The API key lives in SecretStorage and nowhere else (spec, Authentication 4).
import * as vscode from 'vscode';
import { SECRET_API_KEY } from '../core/shell/ids';
import { maskKey } from '../core/client/diagnostics';

export class ApiKeyStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the key is stored or removed, here or in another window. */
  readonly onDidChange = this.changed.event;
  private readonly watch: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.watch = secrets.onDidChange((e) => {
      if (e.key === SECRET_API_KEY) this.changed.fire();
    });
  }

  async get(): Promise<string | undefined> {
    const key = await this.secrets.get(SECRET_API_KEY);
    return key ? key : undefined;
  }

  async has(): Promise<boolean> {
    return (await this.get()) !== undefined;
  }

  /** The masked prefix (`sk_…`), safe to show and log. */
  async prefix(): Promise<string | undefined> {
    const key = await this.get();
    return key === undefined ? undefined : maskKey(key);
  }

  store(key: string): Thenable<void> {
    return this.secrets.store(SECRET_API_KEY, key);
  }

  remove(): Thenable<void> {
    return this.secrets.delete(SECRET_API_KEY);
  }

  dispose(): void {
    this.watch.dispose();
    this.changed.dispose();
  }
}
