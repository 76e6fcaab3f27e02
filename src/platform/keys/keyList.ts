// The named keys (docs/SERVICE.md, Authentication 3 and 5: a key is named after its project, one
// key per project). The list holds ids, names and which projects chose each key; never a secret,
// which stays in SecretStorage under the key's id. Read from untrusted state and checked.
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import { buildOnce } from '../startup/buildOnce';
import { SECRET_API_KEY } from '../manifest/ids';

/** One named key, as the list keeps it (its secret is in SecretStorage under `secretName(id)`). */
export interface KeyRecord {
  id: string;
  name: string;
  /** The projects (workspace URIs) that chose this key, to say so before it is removed. */
  projects: string[];
}

export interface KeyList {
  keys: KeyRecord[];
  /** The key a project without a choice uses. */
  defaultId?: string;
}

/** What names a key wherever it is shown: never the secret. */
export interface KeyIdentity {
  id: string;
  name: string;
  /** The key's masked prefix (`sk_live_0123…`). */
  maskedPrefix: string;
}

export const EMPTY_KEY_LIST: KeyList = { keys: [] };

/** The SecretStorage entry of one named key. */
export function secretName(id: string): string {
  return `${SECRET_API_KEY}.${id}`;
}

const ID = /^[a-z0-9-]{1,64}$/;
const KeyListSchema = buildOnce(() =>
  z.object({
    keys: z.array(z.object({ id: z.string().check(z.regex(ID)), name: z.string(), projects: z.optional(z.array(z.string())) })),
    defaultId: z.optional(z.string()),
  }),
);

/** The list as stored, or the empty list when it is absent or unreadable; a default that names no key is dropped. */
export function readKeyList(stored: unknown): KeyList {
  const parsed = KeyListSchema().safeParse(stored);
  if (!parsed.success) return EMPTY_KEY_LIST;
  const keys = parsed.data.keys.map((k) => ({ id: k.id, name: k.name, projects: k.projects ?? [] }));
  const defaultId = keys.some((k) => k.id === parsed.data.defaultId) ? parsed.data.defaultId : keys[0]?.id;
  return defaultId === undefined ? { keys } : { keys, defaultId };
}

/** `name · sk_live_0123…`: how every message names a key. */
export function keyLabel(identity: Pick<KeyIdentity, 'name' | 'maskedPrefix'>): string {
  return `${identity.name} · ${identity.maskedPrefix}`;
}

const MAX_NAME_LENGTH = 60;
// A pasted key in the name box would be shown and logged whole: a key-shaped name is refused.
const KEY_SHAPED = /\bsk[_-][A-Za-z0-9_-]{8,}/;

export type NameCheck = { ok: true; name: string } | { ok: false; message: string };

/** A new name for a key (`renaming`: the key being renamed, which may keep its own name). */
export function checkKeyName(raw: string, list: KeyList, renaming?: string): NameCheck {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name === '') return { ok: false, message: l10n.t('Give the key a name, such as the project it serves.') };
  if (name.length > MAX_NAME_LENGTH) return { ok: false, message: l10n.t('A key name has at most {0} characters.', MAX_NAME_LENGTH) };
  if (KEY_SHAPED.test(name)) return { ok: false, message: l10n.t('This looks like the key itself: type a name for it, such as the project it serves.') };
  const taken = list.keys.find((k) => k.id !== renaming && k.name.toLocaleLowerCase() === name.toLocaleLowerCase());
  if (taken) return { ok: false, message: l10n.t('A key named "{0}" exists already: choose another name.', taken.name) };
  return { ok: true, name };
}

/** The name offered for a new key: the project's folder, else "Default", numbered when taken. */
export function offeredKeyName(folderName: string | undefined, list: KeyList): string {
  const base = folderName?.trim()
    ? folderName.trim().slice(0, MAX_NAME_LENGTH - 3)
    : l10n.t({ message: 'Default', comment: ['the name of the default API key'] });
  const taken = (name: string) => list.keys.some((k) => k.name.toLocaleLowerCase() === name.toLocaleLowerCase());
  if (!taken(base)) return base;
  for (let n = 2; ; n++) if (!taken(`${base} ${n}`)) return `${base} ${n}`;
}

/** The key a project uses: its own choice while that key exists, else the default. `fellBack`: its choice is gone. */
export function keyInUse(list: KeyList, projectChoice: string | undefined): { record?: KeyRecord; fellBack: boolean } {
  const chosen = projectChoice === undefined ? undefined : list.keys.find((k) => k.id === projectChoice);
  const record = chosen ?? list.keys.find((k) => k.id === list.defaultId);
  return { record, fellBack: projectChoice !== undefined && chosen === undefined };
}

export function withKey(list: KeyList, record: KeyRecord): KeyList {
  const keys = [...list.keys.filter((k) => k.id !== record.id), record];
  return { keys, defaultId: list.defaultId ?? record.id };
}

export function renamed(list: KeyList, id: string, name: string): KeyList {
  return { ...list, keys: list.keys.map((k) => (k.id === id ? { ...k, name } : k)) };
}

/** Without the key; when it was the default, the first key left becomes the default. */
export function withoutKey(list: KeyList, id: string): KeyList {
  const keys = list.keys.filter((k) => k.id !== id);
  const defaultId = list.defaultId === id ? keys[0]?.id : list.defaultId;
  return defaultId === undefined ? { keys } : { keys, defaultId };
}

/** `project` recorded as using `id` (undefined: the default), and under no other key. */
export function chosenBy(list: KeyList, project: string, id: string | undefined): KeyList {
  return {
    ...list,
    keys: list.keys.map((k) => {
      const projects = k.projects.filter((p) => p !== project);
      return { ...k, projects: k.id === id ? [...projects, project] : projects };
    }),
  };
}
