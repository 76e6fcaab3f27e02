// The groups of this provider that a person adds in VS Code's Chat: Manage Language Models
// (VS Code 1.109 and later), each with its own key: the manifest's `configuration` declares the
// key as a secret property, VS Code keeps it in its own secret storage and passes it with each
// group's request for models. The argument is typed only in a proposed API, so it is read here as
// a plain property. A group's models carry the group in their id, so a request goes out with that
// group's key; models without a group use the window's key. On VS Code without groups nothing
// arrives and only the window's models are listed.
import * as vscode from 'vscode';
import { maskKey, type ModelConnection, SetupError } from '../../core/index';
import type { Connection, KeySource } from '../connection';

/** What VS Code passes for a group: its name and the values of the `configuration` schema. */
interface GroupOptions {
  group?: unknown;
  configuration?: unknown;
}

/** The secret property's name in `contributes.languageModelChatProviders[].configuration`. */
export const GROUP_KEY_PROPERTY = 'apiKey';
/** Between a model's id and its group's name in the ids given to VS Code. */
const GROUP_SEPARATOR = '::';

export type Group = { name: string; key?: KeySource };

/** The group this request for models is for, if VS Code named one; `key` absent when the group has no key yet. */
export function groupOf(options: object): Group | undefined {
  const { group, configuration } = options as GroupOptions;
  if (typeof group !== 'string' || group === '') return undefined;
  const secret = typeof configuration === 'object' && configuration !== null ? (configuration as Record<string, unknown>)[GROUP_KEY_PROPERTY] : undefined;
  if (typeof secret !== 'string' || secret.trim() === '') return { name: group };
  const trimmed = secret.trim();
  return { name: group, key: { secret: trimmed, identity: { id: `group:${group}`, name: group, maskedPrefix: maskKey(trimmed) } } };
}

/** The keys of the groups listed so far, by group name: held in memory only, as VS Code passed them. */
export class GroupKeys {
  private readonly keys = new Map<string, KeySource>();

  /** The id VS Code is given for `modelId` of `group`. */
  idFor(modelId: string, group: Group): string {
    if (group.key) this.keys.set(group.name, group.key);
    return `${modelId}${GROUP_SEPARATOR}${group.name}`;
  }

  /** The connection for a request to `id`: with its group's key, or the window's for a model without a group. */
  connectionFor(connection: Connection, id: string): Promise<ModelConnection> {
    const at = id.lastIndexOf(GROUP_SEPARATOR);
    if (at < 0) return connection.forModel(id, undefined, 'vscodeChat');
    const group = id.slice(at + GROUP_SEPARATOR.length);
    const key = this.keys.get(group);
    // Never the window's key in a group's place: that would bill another key.
    if (!key)
      return Promise.reject(new SetupError(vscode.l10n.t('The model group "{0}" has no API key: set it in Chat: Manage Language Models.', group), ['showLog']));
    return connection.forModel(id.slice(0, at), key, 'vscodeChat');
  }
}
