// The API key lives in SecretStorage and nowhere else (spec, Authentication 4). It is read
// from there once and then held in memory (as the client holds it for its header) until it
// changes, here or in another window. Keys are kept by scope: today one key for every
// workspace, under the secret multiModelAI.apiKey.
import * as vscode from 'vscode';
import { maskKey, SECRET_API_KEY } from '../core/index';
import { Disposable } from './lifecycle';

/** Which key: the one every workspace uses. */
export type KeyScope = { kind: 'default' };

export const DEFAULT_KEY: KeyScope = { kind: 'default' };

/** The SecretStorage entry that holds the key of `scope`. */
function secretFor(scope: KeyScope): string {
  switch (scope.kind) {
    case 'default':
      return SECRET_API_KEY;
  }
}

export class ApiKeyStore extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fires when a key is stored or removed, here or in another window. */
  readonly onDidChange = this.changed.event;
  /** The keys read, by secret name. */
  private readonly keys = new Map<string, Thenable<string | undefined>>();

  constructor(private readonly secrets: vscode.SecretStorage) {
    super();
    this.register(
      secrets.onDidChange((e) => {
        if (e.key !== secretFor(DEFAULT_KEY)) return;
        this.keys.delete(e.key);
        this.changed.fire();
      }),
    );
  }

  get(scope: KeyScope = DEFAULT_KEY): Thenable<string | undefined> {
    const secret = secretFor(scope);
    let key = this.keys.get(secret);
    if (!key) {
      key = this.secrets.get(secret).then((stored) => stored || undefined);
      this.keys.set(secret, key);
    }
    return key;
  }

  async has(scope: KeyScope = DEFAULT_KEY): Promise<boolean> {
    return (await this.get(scope)) !== undefined;
  }

  /** The masked prefix (`sk_…`), safe to show and log. */
  async prefix(scope: KeyScope = DEFAULT_KEY): Promise<string | undefined> {
    const key = await this.get(scope);
    return key === undefined ? undefined : maskKey(key);
  }

  async store(key: string, scope: KeyScope = DEFAULT_KEY): Promise<void> {
    const secret = secretFor(scope);
    this.keys.delete(secret);
    await this.secrets.store(secret, key);
    this.keys.delete(secret);
  }

  async remove(scope: KeyScope = DEFAULT_KEY): Promise<void> {
    const secret = secretFor(scope);
    this.keys.delete(secret);
    await this.secrets.delete(secret);
    this.keys.delete(secret);
  }
}
