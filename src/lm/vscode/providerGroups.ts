// The groups of this provider that a person adds in VS Code's Chat: Manage Language Models
// (VS Code 1.109 and later), each with its own key: the manifest's `configuration` declares the
// key as a secret property, VS Code keeps it in its own secret storage and passes the group's
// values (not its name) with each group's request for models. The argument is typed only in a
// proposed API, so it is read here as a plain property. A group's models carry a digest of its
// key in their id (stable across restarts, never the key), so a request goes out with that
// group's key; models without a group use the window's key. On VS Code without groups nothing
// arrives and only the window's models are listed.
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import { maskKey } from '../../platform/client/http/keyMasking';
import { type ModelConnection, SetupError } from '../../platform/reply/modelConnection';
import type { Connection, KeySource } from '../../platform/services/vscode/connection';

/** The secret property's name in `contributes.languageModelChatProviders[].configuration`. */
export const GROUP_KEY_PROPERTY = 'apiKey';
/** Between a model's id and its group's tag in the ids given to VS Code. */
const GROUP_SEPARATOR = '::';
/** Hex digits of the key's SHA-256 that tell groups apart. */
const TAG_LENGTH = 12;

/** A request for models of the window's key, of a group without a key yet, or of a group with its key. */
export type Group = { kind: 'window' } | { kind: 'noKey' } | { kind: 'group'; tag: string; key: KeySource };

/** Which models VS Code asks for: a group's when it passes the group's `configuration`, else the window's. */
export function groupOf(options: object): Group {
  const { configuration } = options as { configuration?: unknown };
  if (typeof configuration !== 'object' || configuration === null) return { kind: 'window' };
  const secret = (configuration as Record<string, unknown>)[GROUP_KEY_PROPERTY];
  if (typeof secret !== 'string' || secret.trim() === '') return { kind: 'noKey' };
  const trimmed = secret.trim();
  const tag = createHash('sha256').update(trimmed).digest('hex').slice(0, TAG_LENGTH);
  // VS Code does not pass the group's name: the key is named for where it comes from.
  const name = vscode.l10n.t({
    message: 'model group',
    comment: ['names a key kept by a group of Chat: Manage Language Models, e.g. "model group · sk_live_0123…"'],
  });
  return { kind: 'group', tag, key: { secret: trimmed, identity: { id: `group:${tag}`, name, loggedName: 'model group', maskedPrefix: maskKey(trimmed) } } };
}

/** The keys of the groups listed so far, by tag: held in memory only, as VS Code passed them. */
export class GroupKeys {
  private readonly keys = new Map<string, KeySource>();

  /** The id VS Code is given for `modelId` of `group`. */
  idFor(modelId: string, group: Extract<Group, { kind: 'group' }>): string {
    this.keys.set(group.tag, group.key);
    return `${modelId}${GROUP_SEPARATOR}${group.tag}`;
  }

  /** The connection for a request to `id`: with its group's key, or the window's for a model without a group. */
  connectionFor(connection: Connection, id: string): Promise<ModelConnection> {
    const at = id.lastIndexOf(GROUP_SEPARATOR);
    if (at < 0) return connection.forModel(id, undefined, 'vscodeChat');
    const key = this.keys.get(id.slice(at + GROUP_SEPARATOR.length));
    // Never the window's key in a group's place: that would bill another key.
    if (!key)
      return Promise.reject(
        new SetupError(
          vscode.l10n.t("This model group's API key has not reached the extension: check the group in Chat: Manage Language Models."),
          ['showLog'],
          "The model group's API key has not reached the extension",
        ),
      );
    return connection.forModel(id.slice(0, at), key, 'vscodeChat');
  }
}
