// Set API Key, Remove API Key, Verify Connection, and the one path a typed key takes to be stored
// (keepKey, also used by Manage API Keys). A new key is stored only after `GET /v1/models`
// accepted it (spec, States 2: safe rotation); the key itself is only ever held in SecretStorage
// and shown as its name and masked prefix.
import * as vscode from 'vscode';
import { type Action } from '../../platform/actions/actions';
import { checkApiKeyInput } from '../common/apiKeyFormat';
import { Commands } from '../../platform/manifest/ids';
import { commandTitle } from '../../platform/manifest/commandTitles';
import { connectionReport, unlistedReport } from '../../platform/services/connectionReport';
import { displayLocale } from '../../platform/format/displayLanguage';
import { keyLabel, type KeyRecord, offeredKeyName, keyIdentity, keyName, loggedKeyLabel, loggedKeyName, withKey } from '../../platform/keys/keyList';
import { maskKey } from '../../platform/client/http/keyMasking';
import { plural } from '../../platform/format/localeFormat';
import { ServiceError } from '../../platform/client/errors/serviceError';
import type { KeyScope } from '../../platform/keys/vscode/apiKeyStore';
import { offerActions } from '../../platform/actions/vscode/actionRunner';
import { offerSetup } from '../../platform/services/vscode/setupOffer';
import { offerCurrentAddress } from './legacyAddress';
import type { Services } from '../../platform/services/vscode/services';
import { noModelListMessage } from '../../platform/client/catalog/typedModels';

export interface CommandOutcome {
  ok: boolean;
  /** What the person was told (never contains the key). */
  message: string;
  /** Verify Connection on a legacy address: the current address offered in its place. */
  currentAddress?: string;
}

type Deps = Pick<Services, 'keys' | 'settings' | 'connection' | 'clients' | 'failures' | 'logger'>;

/** Failures that mean "this key is no good", as opposed to "the service could not be asked". */
const REJECTED = new Set<ServiceError['kind']>(['auth', 'forbidden']);

export function registerApiKeyCommands(context: vscode.ExtensionContext, deps: Services): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(Commands.setApiKey, (key?: unknown) => setApiKey(deps, typeof key === 'string' ? key : undefined)),
    vscode.commands.registerCommand(Commands.removeApiKey, () => removeApiKey(deps)),
    vscode.commands.registerCommand(Commands.verifyConnection, () => verifyConnection(deps)),
  );
}

/** The password box a key is typed into. */
export function askForKey(title = commandTitle(Commands.setApiKey)): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title,
    prompt: vscode.l10n.t('Paste the platform key created in the management cabinet. It is kept in VS Code secret storage only.'),
    placeHolder: 'sk_…',
    password: true,
    ignoreFocusOut: true,
    validateInput: (value) => {
      if (value.trim() === '') return undefined;
      const check = checkApiKeyInput(value);
      if (!check.ok) return check.message;
      return check.warning ? { message: check.warning, severity: vscode.InputBoxValidationSeverity.Warning } : undefined;
    },
  });
}

function tell(outcome: CommandOutcome, actions: Action[] = []): CommandOutcome {
  void offerActions(outcome.ok ? 'info' : 'warning', outcome.message, actions);
  return outcome;
}

/** Where a verified key goes: a new key with this name (`named`: by the person), or a new secret for a stored key. */
export type KeyTarget = { kind: 'add'; name: string; named?: boolean } | { kind: 'replace'; record: KeyRecord };

/**
 * Set API Key, the quick way: the key is stored under this project's name (its folder's, else
 * "Default"), replacing the secret of the key of that name or adding one, and used here.
 * `key` is for programmatic use; without it the person types the key into a password box.
 */
export async function setApiKey(deps: Deps, key?: string): Promise<CommandOutcome> {
  const raw = key ?? (await askForKey());
  if (raw === undefined) return { ok: false, message: vscode.l10n.t('No key entered.') };
  const list = deps.keys.list();
  const name = offeredKeyName(deps.keys.project.folderName, EMPTY_LIST);
  const existing = list.keys.find((k) => k.name.toLocaleLowerCase() === name.toLocaleLowerCase());
  return keepKey(deps, raw, existing ? { kind: 'replace', record: existing } : { kind: 'add', name }, { useHere: true });
}

const EMPTY_LIST = { keys: [] };

/** Checks `raw`, verifies it with `GET /v1/models` (Authentication; States 2: safe rotation) and stores it at `target`; a refused key is not stored. */
export async function keepKey(deps: Deps, raw: string, target: KeyTarget, options: { useHere?: boolean } = {}): Promise<CommandOutcome> {
  const check = checkApiKeyInput(raw);
  if (!check.ok) return tell({ ok: false, message: check.message }, ['setApiKey']);
  // The key as it will be named once stored: shown, and in English for the log.
  const list = deps.keys.list();
  const record: KeyRecord = target.kind === 'add' ? { id: '', name: target.name, projects: [], ...(target.named && { named: true }) } : target.record;
  const identity = keyIdentity(record, target.kind === 'add' ? withKey(list, record) : list, maskKey(check.key));
  const label = keyLabel(identity);
  const logLabel = loggedKeyLabel(identity);
  const warning = check.warning ? ` ${check.warning}` : '';
  const store = async () => {
    const stored =
      target.kind === 'add'
        ? await deps.keys.add(target.name, check.key, target.named)
        : await deps.keys.store(check.key, { kind: 'key', id: target.record.id });
    if (options.useHere && deps.keys.recordOf()?.id !== stored.id) await deps.keys.useHere(stored.id);
  };

  const { baseUrl } = deps.settings.current();
  if (!baseUrl) {
    await store();
    deps.logger.info(`API key ${logLabel} stored without verification: the service address is not set.`);
    return tell({ ok: true, message: vscode.l10n.t('API key {0} saved. Set the service address so it can be verified.', label) + warning }, ['setBaseUrl']);
  }

  const current = await deps.keys.identity();
  const previous = current && keyLabel(current);
  try {
    const list = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Verifying API key {0}', label) },
      async () => (await deps.clients.clientFor(baseUrl, check.key, identity)).listModels(),
    );
    await store();
    if (list.unlisted) {
      // Chat accepted the key where no model list is served: the model is typed in Select Model.
      deps.logger.info(`API key ${label} verified with POST /chat/completions (no model list here) and stored.`);
      return tell({ ok: true, message: vscode.l10n.t('API key {0} verified and saved. {1}', label, noModelListMessage(list.unlisted)) + warning }, [
        'selectModel',
      ]);
    }
    const usable = deps.connection.usableIn(list).length;
    deps.logger.info(`API key ${logLabel} verified with GET /v1/models and stored (${usable} usable text models).`);
    const models = plural(usable, displayLocale(), {
      one: vscode.l10n.t({ message: '{0} usable text model', comment: ['plural: one'] }),
      few: vscode.l10n.t({ message: '{0} usable text models', comment: ['plural: few'] }),
      many: vscode.l10n.t({ message: '{0} usable text models', comment: ['plural: many'] }),
      other: vscode.l10n.t({ message: '{0} usable text models', comment: ['plural: other'] }),
    });
    return tell({ ok: true, message: vscode.l10n.t('API key {0} verified and saved: {1}.', label, models) + warning });
  } catch (error) {
    if (error instanceof ServiceError && !REJECTED.has(error.kind) && !previous) {
      // The service could not be asked and there is nothing to protect: keep the new key.
      await store();
      deps.logger.warn(`API key ${logLabel} stored unverified: ${error.kind}.`);
      return tell({ ok: true, message: vscode.l10n.t('API key {0} saved, but it could not be verified: {1}', label, error.userMessage) + warning });
    }
    deps.logger.warn(`API key ${logLabel} not stored: verification failed.`);
    const note = (previous ? vscode.l10n.t('Your current key {0} is kept.', previous) : '') + warning;
    const step = { shown: vscode.l10n.t('The new key {0} was not saved', label), logged: `The new key ${logLabel} was not saved` };
    return { ok: false, message: deps.failures.report(step, error, note.trim()) };
  }
}

/** Removes the key this window uses; projects that chose it fall back to the default key, and this one says which. */
export async function removeApiKey(deps: Deps, scope?: KeyScope): Promise<CommandOutcome> {
  const identity = await deps.keys.identity(scope);
  const record = deps.keys.recordOf(scope);
  if (!record) return tell({ ok: true, message: vscode.l10n.t('No API key is stored.') });
  const list = deps.keys.list();
  const [label, logLabel] = identity ? [keyLabel(identity), loggedKeyLabel(identity)] : [keyName(record, list), loggedKeyName(record, list)];
  await deps.keys.remove({ kind: 'key', id: record.id });
  deps.logger.info(`API key ${logLabel} removed from secret storage.`);
  const removed = vscode.l10n.t('API key {0} removed. Remember to revoke it in the management cabinet if it was exposed.', label);
  const now = await deps.keys.identity();
  const fallback = now ? ` ${vscode.l10n.t('This window now uses the key {0}.', keyLabel(now))}` : '';
  return tell({ ok: true, message: removed + fallback }, now ? [] : ['setApiKey']);
}

export async function verifyConnection(deps: Deps): Promise<CommandOutcome> {
  const state = await deps.connection.models({ refresh: true, quiet: true });
  if (state.kind === 'notReady') {
    offerSetup(state.readiness);
    return { ok: false, message: state.readiness.message };
  }
  if (state.kind === 'catalogFailed') {
    const step = { shown: vscode.l10n.t('Could not connect with key {0}', state.keyLabel), logged: `Could not connect with key ${state.loggedKeyLabel}` };
    return { ok: false, message: deps.failures.report(step, state.error) };
  }
  const { baseUrl, legacy } = state;
  const route = deps.clients.routeTo(baseUrl);
  const proxy = route === 'none' ? undefined : route;
  const { unlisted } = state.list;
  // An address that serves chat but no model list: the models are typed by hand in Select Model.
  const message = unlisted
    ? unlistedReport({ baseUrl, keyLabel: state.keyLabel, unlisted, proxy })
    : connectionReport({ baseUrl, keyLabel: state.keyLabel, usable: state.usable.length, total: state.list.data.length, legacy, proxy });
  // The log gets the same facts in English (the message is in the display language).
  const facts = unlisted
    ? `${baseUrl} serves no model list (GET ${unlisted.endpoint}: ${unlisted.status}), but answers chat with key ${state.loggedKeyLabel}: model ids are typed by hand.`
    : `connected to ${legacy ? 'the legacy address ' : ''}${baseUrl} with key ${state.loggedKeyLabel}: ${state.usable.length} usable text models of ${state.list.data.length} in the catalog.`;
  deps.logger.info(`Verify Connection: ${facts} ${proxy ? `Through the proxy ${proxy}.` : 'No proxy.'}`);
  tell({ ok: true, message }, unlisted ? ['selectModel'] : []);
  const currentAddress = legacy ? await offerCurrentAddress(deps.connection, baseUrl) : undefined;
  return currentAddress ? { ok: true, message, currentAddress } : { ok: true, message };
}
