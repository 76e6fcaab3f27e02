// Manage API Keys: the named keys in one quick-pick (add, rename, replace, use for this project,
// use by default, remove). `replace` and `use` open one step directly: the buttons Replace Key and
// Use Another Key after a refused key. Every key is shown by its name and masked prefix only.
import * as vscode from 'vscode';
import { checkKeyName, keyLabel, type KeyRecord, offeredKeyName, keyIdentity, keyName, loggedKeyLabel } from '../../platform/keys/keyList';
import { Commands } from '../../platform/manifest/ids';
import { commandTitle } from '../../platform/manifest/commandTitles';
import { maskKey } from '../../platform/client/http/keyMasking';
import { askForKey, keepKey, type CommandOutcome } from './apiKeyCommands';
import { budgetDetail, setBudget } from './keyBudget';
import type { Services } from '../../platform/services/vscode/services';

type Deps = Pick<Services, 'keys' | 'settings' | 'connection' | 'clients' | 'failures' | 'logger'>;

/** What Manage API Keys opens with: the list, or one step for the key in use (`budget`: Change Budget). */
export type ManageStep = 'list' | 'replace' | 'use' | 'budget';
const STEPS: readonly unknown[] = ['replace', 'use', 'budget'] satisfies ManageStep[];

interface KeyItem extends vscode.QuickPickItem {
  record?: KeyRecord;
}

export async function manageApiKeys(deps: Deps, step: ManageStep = 'list'): Promise<CommandOutcome | undefined> {
  if (step === 'replace') {
    const record = deps.keys.recordOf();
    return record ? replaceKey(deps, record) : addKey(deps);
  }
  if (step === 'budget') {
    const record = deps.keys.recordOf();
    return record ? setBudget(deps, record) : addKey(deps);
  }
  const picked = await vscode.window.showQuickPick(await keyItems(deps, step === 'list'), {
    title: commandTitle(Commands.manageApiKeys),
    placeHolder: step === 'use' ? vscode.l10n.t('Pick the key this project uses') : vscode.l10n.t('Pick a key to manage, or add one'),
    ignoreFocusOut: true,
  });
  if (!picked) return undefined;
  if (!picked.record) return addKey(deps);
  if (step === 'use') return useHere(deps, picked.record);
  return keyActions(deps, picked.record);
}

async function keyItems(deps: Deps, withAdd: boolean): Promise<KeyItem[]> {
  const list = deps.keys.list();
  const inUse = deps.keys.recordOf()?.id;
  const items: KeyItem[] = [];
  for (const record of list.keys) {
    const prefix = await deps.keys.prefix({ kind: 'key', id: record.id });
    const marks = [
      record.id === inUse ? vscode.l10n.t('used in this window') : undefined,
      record.id === list.defaultId ? vscode.l10n.t('default') : undefined,
    ].filter((m) => m !== undefined);
    items.push({
      label: keyName(record, list),
      iconPath: new vscode.ThemeIcon('key'),
      description: [prefix ?? vscode.l10n.t('its secret is missing'), ...marks].join(' · '),
      detail: record.projects.length > 0 ? vscode.l10n.t('Chosen by: {0}', record.projects.map(projectName).join(', ')) : undefined,
      record,
    });
  }
  if (withAdd || items.length === 0) items.push({ label: vscode.l10n.t('Add API Key…'), iconPath: new vscode.ThemeIcon('add') });
  return items;
}

/** A project's short name, from its workspace URI. */
function projectName(uri: string): string {
  const path = vscode.Uri.parse(uri).path;
  return path.slice(path.lastIndexOf('/') + 1).replace(/\.code-workspace$/, '') || uri;
}

async function keyActions(deps: Deps, record: KeyRecord): Promise<CommandOutcome | undefined> {
  const actions = [
    { label: vscode.l10n.t('Use for This Project'), run: () => useHere(deps, record) },
    { label: vscode.l10n.t('Use by Default'), run: () => useByDefault(deps, record) },
    { label: vscode.l10n.t('Rename…'), run: () => rename(deps, record) },
    { label: vscode.l10n.t('Replace Key…'), run: () => replaceKey(deps, record) },
    { label: vscode.l10n.t('Set Budget…'), detail: budgetDetail(record), run: () => setBudget(deps, record) },
    { label: vscode.l10n.t('Remove'), run: () => remove(deps, record) },
  ];
  const picked = await vscode.window.showQuickPick(actions, { title: keyName(record, deps.keys.list()), ignoreFocusOut: true });
  return picked?.run();
}

function tell(message: string): CommandOutcome {
  void vscode.window.showInformationMessage(message);
  return { ok: true, message };
}

/** The key's name and masked prefix (its name alone when its secret is gone): shown, and in English for the log. */
async function labelsOf(deps: Deps, record: KeyRecord): Promise<{ shown: string; logged: string }> {
  const prefix = await deps.keys.prefix({ kind: 'key', id: record.id });
  const identity = keyIdentity(record, deps.keys.list(), prefix ?? '');
  return prefix ? { shown: keyLabel(identity), logged: loggedKeyLabel(identity) } : { shown: identity.name, logged: identity.loggedName };
}

async function useHere(deps: Deps, record: KeyRecord): Promise<CommandOutcome> {
  await deps.keys.useHere(record.id);
  const label = await labelsOf(deps, record);
  deps.logger.info(`This project uses the key ${label.logged}.`);
  return tell(vscode.l10n.t('This project uses the key {0}.', label.shown));
}

async function useByDefault(deps: Deps, record: KeyRecord): Promise<CommandOutcome> {
  await deps.keys.useByDefault(record.id);
  const label = await labelsOf(deps, record);
  deps.logger.info(`The default key is ${label.logged}.`);
  return tell(vscode.l10n.t('Projects without a key of their own use {0}.', label.shown));
}

async function rename(deps: Deps, record: KeyRecord): Promise<CommandOutcome | undefined> {
  const shown = keyName(record, deps.keys.list());
  const name = await vscode.window.showInputBox({
    title: vscode.l10n.t('Rename the key {0}', shown),
    value: shown,
    ignoreFocusOut: true,
    validateInput: (value) => {
      const check = checkKeyName(value, deps.keys.list(), record.id);
      return check.ok ? undefined : check.message;
    },
  });
  if (name === undefined) return undefined;
  const check = checkKeyName(name, deps.keys.list(), record.id);
  if (!check.ok) return { ok: false, message: check.message };
  await deps.keys.rename(record.id, check.name);
  return tell(vscode.l10n.t('The key {0} is now named {1}.', shown, check.name));
}

async function remove(deps: Deps, record: KeyRecord): Promise<CommandOutcome | undefined> {
  const { shown: label, logged } = await labelsOf(deps, record);
  const projects = record.projects.map(projectName);
  const question =
    projects.length > 0
      ? vscode.l10n.t('Remove the key {0}? These projects chose it and will use the default key: {1}.', label, projects.join(', '))
      : vscode.l10n.t('Remove the key {0}?', label);
  const removeLabel = vscode.l10n.t({ message: 'Remove', comment: ['a button that removes an API key'] });
  if ((await vscode.window.showWarningMessage(question, { modal: true }, removeLabel)) !== removeLabel) return undefined;
  const wasInUse = deps.keys.recordOf()?.id === record.id;
  await deps.keys.remove({ kind: 'key', id: record.id });
  deps.logger.info(`API key ${logged} removed from secret storage.`);
  const now = await deps.keys.identity();
  const removed = vscode.l10n.t('API key {0} removed. Remember to revoke it in the management cabinet if it was exposed.', label);
  if (!wasInUse) return tell(removed);
  return tell(`${removed} ${now ? vscode.l10n.t('This window now uses the key {0}.', keyLabel(now)) : vscode.l10n.t('No key is left for this window.')}`);
}

async function replaceKey(deps: Deps, record: KeyRecord): Promise<CommandOutcome | undefined> {
  const raw = await askForKey(vscode.l10n.t('Replace the key {0}', keyName(record, deps.keys.list())));
  return raw === undefined ? undefined : keepKey(deps, raw, { kind: 'replace', record });
}

async function addKey(deps: Deps): Promise<CommandOutcome | undefined> {
  const raw = await askForKey(vscode.l10n.t('Add API Key'));
  if (raw === undefined) return undefined;
  const name = await vscode.window.showInputBox({
    title: vscode.l10n.t('Name the key {0}', maskKey(raw)),
    prompt: vscode.l10n.t('Name it after the project or server it serves, as in the management cabinet.'),
    value: offeredKeyName(deps.keys.project.folderName, deps.keys.list(), true),
    ignoreFocusOut: true,
    validateInput: (value) => {
      const check = checkKeyName(value, deps.keys.list());
      return check.ok ? undefined : check.message;
    },
  });
  if (name === undefined) return undefined;
  const check = checkKeyName(name, deps.keys.list());
  if (!check.ok) return { ok: false, message: check.message };
  return keepKey(deps, raw, { kind: 'add', name: check.name, named: true }, { useHere: true });
}

export function registerManageApiKeys(context: vscode.ExtensionContext, deps: Services): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(Commands.manageApiKeys, (step?: unknown) => manageApiKeys(deps, STEPS.includes(step) ? (step as ManageStep) : 'list')),
  );
}
