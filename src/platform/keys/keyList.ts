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
  /** The person named it (Manage API Keys' name box, Rename); a key named after its folder has none (`keyName`). */
  named?: true;
  /** What the person allows the key to spend, in RUB (Manage API Keys, Set Budget); kept here, never in a setting, so a cloned repository cannot raise it. */
  budget?: KeyBudget;
}

/** A key's budget by local day and by local month, in RUB; a period without one has no limit. */
export interface KeyBudget {
  dayRub?: number;
  monthRub?: number;
}

export interface KeyList {
  keys: KeyRecord[];
  /** The key a project without a choice uses. */
  defaultId?: string;
}

/** What names a key wherever it is shown: never the secret. */
export interface KeyIdentity {
  id: string;
  /** The name shown, in the display language (`keyName`). */
  name: string;
  /** The same name in English, for the log (`loggedKeyName`). */
  loggedName: string;
  /** The key's masked prefix (`sk_live_0123…`). */
  maskedPrefix: string;
}

export const EMPTY_KEY_LIST: KeyList = { keys: [] };

/** The SecretStorage entry of one named key. */
export function secretName(id: string): string {
  return `${SECRET_API_KEY}.${id}`;
}

const ID = /^[a-z0-9-]{1,64}$/;
const rub = z.number().check(z.positive(), z.lte(Number.MAX_SAFE_INTEGER));
const KeyListSchema = buildOnce(() =>
  z.object({
    keys: z.array(
      z.object({
        id: z.string().check(z.regex(ID)),
        name: z.string(),
        projects: z.optional(z.array(z.string())),
        named: z.optional(z.boolean()),
        // An unreadable budget is no budget, not an unreadable list: the keys stay usable.
        budget: z.catch(z.optional(z.object({ dayRub: z.optional(rub), monthRub: z.optional(rub) })), undefined),
      }),
    ),
    defaultId: z.optional(z.string()),
  }),
);

/** The list as stored, or the empty list when it is absent or unreadable; a default that names no key is dropped. */
export function readKeyList(stored: unknown): KeyList {
  const parsed = KeyListSchema().safeParse(stored);
  if (!parsed.success) return EMPTY_KEY_LIST;
  const keys = parsed.data.keys.map((k): KeyRecord => ({
    id: k.id,
    name: k.name,
    projects: k.projects ?? [],
    ...(k.named === true && { named: true }),
    ...withBudgetField(k.budget),
  }));
  const defaultId = keys.some((k) => k.id === parsed.data.defaultId) ? parsed.data.defaultId : keys[0]?.id;
  return defaultId === undefined ? { keys } : { keys, defaultId };
}

/** `name · sk_live_0123…`: how every message names a key. */
export function keyLabel(identity: Pick<KeyIdentity, 'name' | 'maskedPrefix'>): string {
  return `${identity.name} · ${identity.maskedPrefix}`;
}

/** `Default · sk_live_0123…`: how the log names a key, in English. */
export function loggedKeyLabel(identity: Pick<KeyIdentity, 'loggedName' | 'maskedPrefix'>): string {
  return `${identity.loggedName} · ${identity.maskedPrefix}`;
}

/** The name a key set with no folder open is stored under, and the default key's name in the log. */
export const DEFAULT_KEY_NAME = 'Default';

/** "Default" in the display language. */
const defaultKeyName = (): string => l10n.t({ message: 'Default', comment: ['the name of the default API key'] });

/**
 * A key the person did not name is named after the folder it was first set in; while it is the
 * only key or the default one, that folder means nothing to the other projects, so it is called
 * "Default" instead. A key the person named keeps its name.
 */
function calledDefault(record: KeyRecord, list: KeyList): boolean {
  return !record.named && (list.keys.length === 1 || record.id === list.defaultId);
}

/** The name a key is shown by, in the display language. */
export function keyName(record: KeyRecord, list: KeyList): string {
  return calledDefault(record, list) ? defaultKeyName() : record.name;
}

/** The name a key has in the log: `keyName` in English. */
export function loggedKeyName(record: KeyRecord, list: KeyList): string {
  return calledDefault(record, list) ? DEFAULT_KEY_NAME : record.name;
}

/** What names `record` anywhere, given its masked prefix. */
export function keyIdentity(record: KeyRecord, list: KeyList, maskedPrefix: string): KeyIdentity {
  return { id: record.id, name: keyName(record, list), loggedName: loggedKeyName(record, list), maskedPrefix };
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
  // A key is known by its stored name and by the name it is shown by.
  const lower = name.toLocaleLowerCase();
  const taken = list.keys.find((k) => k.id !== renaming && (k.name.toLocaleLowerCase() === lower || keyName(k, list).toLocaleLowerCase() === lower));
  if (taken) return { ok: false, message: l10n.t('A key named "{0}" exists already: choose another name.', keyName(taken, list)) };
  return { ok: true, name };
}

/**
 * The name offered for a new key: the project's folder, else "Default" (`shown`: in the display
 * language, for a name box; else in English, as a key the person did not name is stored), numbered when taken.
 */
export function offeredKeyName(folderName: string | undefined, list: KeyList, shown = false): string {
  const base = folderName?.trim() ? folderName.trim().slice(0, MAX_NAME_LENGTH - 3) : shown ? defaultKeyName() : DEFAULT_KEY_NAME;
  const names = new Set(list.keys.flatMap((k) => [k.name.toLocaleLowerCase(), keyName(k, list).toLocaleLowerCase()]));
  const taken = (name: string) => names.has(name.toLocaleLowerCase());
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

/** The list with key `id` named `name` by the person. */
export function renamed(list: KeyList, id: string, name: string): KeyList {
  return { ...list, keys: list.keys.map((k) => (k.id === id ? { ...k, name, named: true } : k)) };
}

/** The list with key `id` held to `budget` (a period left out has none). */
export function budgeted(list: KeyList, id: string, budget: KeyBudget): KeyList {
  return { ...list, keys: list.keys.map((k) => (k.id === id ? { ...withoutBudget(k), ...withBudgetField(budget) } : k)) };
}

function withoutBudget({ budget: _budget, ...record }: KeyRecord): KeyRecord {
  return record;
}

/** `{ budget }` when it limits anything, else nothing. */
function withBudgetField(budget: KeyBudget | undefined): { budget?: KeyBudget } {
  if (!budget) return {};
  const kept: KeyBudget = {
    ...(budget.dayRub !== undefined && { dayRub: budget.dayRub }),
    ...(budget.monthRub !== undefined && { monthRub: budget.monthRub }),
  };
  return Object.keys(kept).length > 0 ? { budget: kept } : {};
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
