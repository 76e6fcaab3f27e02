// The API key lives in SecretStorage and nowhere else (spec, Authentication 4). It is read
// from there once and then held in memory (as the client holds it for its header) until it
// changes, here or in another window.
import * as vscode from 'vscode';
import { SECRET_API_KEY } from '../core/shell/ids';
import { maskKey } from '../core/client/keyMasking';
import { Disposable } from './lifecycle';

export class ApiKeyStore extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fires when the key is stored or removed, here or in another window. */
  readonly onDidChange = this.changed.event;
  private key?: Thenable<string | undefined>;

  constructor(private readonly secrets: vscode.SecretStorage) {
    super();
    this.register(
      secrets.onDidChange((e) => {
        if (e.key !== SECRET_API_KEY) return;
        this.key = undefined;
        this.changed.fire();
      }),
    );
  }

  get(): Thenable<string | undefined> {
    this.key ??= this.secrets.get(SECRET_API_KEY).then((key) => key || undefined);
    return this.key;
  }

  async has(): Promise<boolean> {
    return (await this.get()) !== undefined;
  }

  /** The masked prefix (`sk_…`), safe to show and log. */
  async prefix(): Promise<string | undefined> {
    const key = await this.get();
    return key === undefined ? undefined : maskKey(key);
  }

  async store(key: string): Promise<void> {
    this.key = undefined;
    await this.secrets.store(SECRET_API_KEY, key);
    this.key = undefined;
  }

  async remove(): Promise<void> {
    this.key = undefined;
    await this.secrets.delete(SECRET_API_KEY);
    this.key = undefined;
  }
}
