// The named API keys (src/platform/keys/keyList.ts). Each secret lives in SecretStorage under its
// key's id and nowhere else (docs/SERVICE.md, Authentication 4); the list of ids and names is in
// globalState; which key a project uses is in that workspace's workspaceState, never in its
// settings, so a cloned repository cannot choose a key. A secret is read once and then held in
// memory until it changes, here or in another window.
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import {
  budgeted,
  chosenBy,
  type KeyBudget,
  keyIdentity,
  type KeyIdentity,
  type KeyList,
  keyInUse,
  type KeyRecord,
  offeredKeyName,
  readKeyList,
  renamed,
  secretName,
  withKey,
  withoutKey,
} from '../keyList';
import { maskKey } from '../../client/http/keyMasking';
import { SECRET_API_KEY } from '../../manifest/ids';
import { type SerialMemento } from '../../storage/serialMemento';
import { Disposable } from '../../vscode/lifecycle';

export type { KeyIdentity };

/** Which key: the default one, the one this window uses (its project's choice, else the default), or one by id. */
export type KeyScope = { kind: 'default' } | { kind: 'window' } | { kind: 'key'; id: string };

export const WINDOW_KEY: KeyScope = { kind: 'window' };

/** globalState: the key list (no secret). */
const KEY_LIST_STATE = 'multiModelAI.keys';
/** workspaceState: the id of the key this project chose. */
const PROJECT_KEY_STATE = 'multiModelAI.projectKey';
const SECRET_PREFIX = `${SECRET_API_KEY}.`;

/** The window's key, or why it has none. `fellBack`: the project's chosen key is gone, the default is used. */
export type WindowKey =
  { ok: true; identity: KeyIdentity; secret: string; fellBack: boolean } | { ok: false; problem: 'none' | 'secretGone'; record?: KeyRecord; fellBack: boolean };

/** The workspace this window has open: the project a key is chosen for. */
export interface Project {
  /** The workspace's URI (its file or its one folder); undefined in a window with no folder. */
  uri?: string;
  /** Offered as a new key's name. */
  folderName?: string;
}

export function currentProject(): Project {
  const file = vscode.workspace.workspaceFile;
  const folder = vscode.workspace.workspaceFolders?.[0];
  const uri = (file && file.scheme !== 'untitled' ? file : folder?.uri)?.toString();
  return { uri, folderName: vscode.workspace.name ?? folder?.name };
}

export class ApiKeyStore extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fires when a key is stored, renamed, chosen or removed (a secret also when changed in another window). */
  readonly onDidChange = this.changed.event;
  /** The secrets read, by key id. */
  private readonly secrets = new Map<string, Thenable<string | undefined>>();

  constructor(
    private readonly storage: vscode.SecretStorage,
    private readonly globalState: SerialMemento,
    private readonly windowState: SerialMemento,
    readonly project: Project,
  ) {
    super();
    this.register(
      storage.onDidChange((e) => {
        if (!e.key.startsWith(SECRET_PREFIX)) return;
        this.secrets.delete(e.key.slice(SECRET_PREFIX.length));
        this.changed.fire();
      }),
    );
  }

  list(): KeyList {
    return readKeyList(this.globalState.get(KEY_LIST_STATE));
  }

  /** The key id this project chose, if it chose one. */
  projectChoice(): string | undefined {
    const id = this.windowState.get<unknown>(PROJECT_KEY_STATE);
    return typeof id === 'string' ? id : undefined;
  }

  /** The record `scope` names, if it exists. */
  recordOf(scope: KeyScope = WINDOW_KEY): KeyRecord | undefined {
    const list = this.list();
    if (scope.kind === 'key') return list.keys.find((k) => k.id === scope.id);
    if (scope.kind === 'default') return list.keys.find((k) => k.id === list.defaultId);
    return keyInUse(list, this.projectChoice()).record;
  }

  async get(scope: KeyScope = WINDOW_KEY): Promise<string | undefined> {
    const record = this.recordOf(scope);
    return record && this.secretOf(record.id);
  }

  async has(scope: KeyScope = WINDOW_KEY): Promise<boolean> {
    return (await this.get(scope)) !== undefined;
  }

  /** The key's name and masked prefix, safe to show, log and record. */
  async identity(scope: KeyScope = WINDOW_KEY): Promise<KeyIdentity | undefined> {
    const record = this.recordOf(scope);
    const secret = record && (await this.secretOf(record.id));
    return record && secret !== undefined ? keyIdentity(record, this.list(), maskKey(secret)) : undefined;
  }

  /** The masked prefix (`sk_…`), safe to show and log. */
  async prefix(scope: KeyScope = WINDOW_KEY): Promise<string | undefined> {
    return (await this.identity(scope))?.maskedPrefix;
  }

  /** The key this window uses, with its identity, or why there is none. */
  async windowKey(): Promise<WindowKey> {
    const { record, fellBack } = keyInUse(this.list(), this.projectChoice());
    if (!record) return { ok: false, problem: 'none', fellBack };
    const secret = await this.secretOf(record.id);
    if (secret === undefined) return { ok: false, problem: 'secretGone', record, fellBack };
    return { ok: true, identity: keyIdentity(record, this.list(), maskKey(secret)), secret, fellBack };
  }

  /** Adds a key under `name` (`named`: the person named it; the first key becomes the default). */
  async add(name: string, secret: string, named = false): Promise<KeyRecord> {
    const record: KeyRecord = { id: randomUUID(), name, projects: [], ...(named && { named: true }) };
    await this.writeSecret(record.id, secret);
    await this.updateList((list) => withKey(list, record));
    this.changed.fire();
    return record;
  }

  /**
   * Stores `secret` as the key `scope` names, keeping its name; with no such key, adds one named
   * after the project (the first key becomes the default).
   */
  async store(secret: string, scope: KeyScope = WINDOW_KEY): Promise<KeyRecord> {
    const record = this.recordOf(scope);
    if (!record) return this.add(offeredKeyName(this.project.folderName, this.list()), secret);
    await this.writeSecret(record.id, secret);
    this.changed.fire();
    return record;
  }

  /** Holds key `id` to `budget` (a period left out has none); other windows read it from the same state. */
  async setBudget(id: string, budget: KeyBudget): Promise<void> {
    await this.updateList((list) => budgeted(list, id, budget));
    this.changed.fire();
  }

  async rename(id: string, name: string): Promise<void> {
    await this.updateList((list) => renamed(list, id, name));
    this.changed.fire();
  }

  /** Removes the key `scope` names: its secret, then its entry. Projects that chose it use the default. */
  async remove(scope: KeyScope = WINDOW_KEY): Promise<KeyRecord | undefined> {
    const record = this.recordOf(scope);
    if (!record) return undefined;
    this.secrets.delete(record.id);
    await this.storage.delete(secretName(record.id));
    this.secrets.delete(record.id);
    await this.updateList((list) => withoutKey(list, record.id));
    if (this.projectChoice() === record.id) await this.windowState.update(PROJECT_KEY_STATE, undefined);
    this.changed.fire();
    return record;
  }

  /** This project uses key `id` (undefined: the default key). */
  async useHere(id: string | undefined): Promise<void> {
    await this.windowState.update(PROJECT_KEY_STATE, id);
    const project = this.project.uri;
    if (project) await this.updateList((list) => chosenBy(list, project, id));
    this.changed.fire();
  }

  /** Projects without a choice of their own use key `id`. */
  async useByDefault(id: string): Promise<void> {
    await this.updateList((list) => ({ ...list, defaultId: id }));
    this.changed.fire();
  }

  private secretOf(id: string): Thenable<string | undefined> {
    let secret = this.secrets.get(id);
    if (!secret) {
      secret = this.storage.get(secretName(id)).then((stored) => stored || undefined);
      this.secrets.set(id, secret);
    }
    return secret;
  }

  private async writeSecret(id: string, secret: string): Promise<void> {
    this.secrets.delete(id);
    await this.storage.store(secretName(id), secret);
    this.secrets.delete(id);
  }

  private updateList(next: (list: KeyList) => KeyList): Promise<void> {
    return this.globalState.updateWith(KEY_LIST_STATE, (stored) => next(readKeyList(stored)));
  }
}
