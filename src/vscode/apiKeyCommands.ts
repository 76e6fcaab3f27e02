// Set API Key, Remove API Key, Verify Connection. A new key replaces the stored one only
// after `GET /v1/models` accepted it (spec, States 2: safe rotation); the key itself is only ever
// held in SecretStorage and shown as its masked prefix.
import * as vscode from 'vscode';
import { type Action, checkApiKeyInput, Commands, commandTitle, connectionReport, displayLocale, maskKey, plural, ServiceError } from '../core/index';
import { offerActions } from './actions';
import { offerSetup } from './connection';
import { offerCurrentAddress } from './legacyAddress';
import type { Services } from './services';

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

function askForKey(): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title: commandTitle(Commands.setApiKey),
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

/** `key` is for programmatic use; without it the person types the key into a password box. */
export async function setApiKey(deps: Deps, key?: string): Promise<CommandOutcome> {
  const raw = key ?? (await askForKey());
  if (raw === undefined) return { ok: false, message: vscode.l10n.t('No key entered.') };
  const check = checkApiKeyInput(raw);
  if (!check.ok) return tell({ ok: false, message: check.message }, ['setApiKey']);
  const prefix = maskKey(check.key);
  const warning = check.warning ? ` ${check.warning}` : '';

  const { baseUrl } = deps.settings.current();
  if (!baseUrl) {
    await deps.keys.store(check.key);
    deps.logger.info(`API key ${prefix} stored without verification: the service address is not set.`);
    return tell({ ok: true, message: vscode.l10n.t('API key {0} saved. Set the service address so it can be verified.', prefix) + warning }, ['setBaseUrl']);
  }

  const previous = await deps.keys.prefix();
  try {
    const list = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Verifying API key {0}', prefix) },
      async () => (await deps.clients.clientFor(baseUrl, check.key)).listModels(),
    );
    await deps.keys.store(check.key);
    const usable = deps.connection.usableIn(list).length;
    deps.logger.info(`API key ${prefix} verified with GET /v1/models and stored (${usable} usable text models).`);
    const models = plural(usable, displayLocale(), {
      one: vscode.l10n.t({ message: '{0} usable text model', comment: ['plural: one'] }),
      few: vscode.l10n.t({ message: '{0} usable text models', comment: ['plural: few'] }),
      many: vscode.l10n.t({ message: '{0} usable text models', comment: ['plural: many'] }),
      other: vscode.l10n.t({ message: '{0} usable text models', comment: ['plural: other'] }),
    });
    return tell({ ok: true, message: vscode.l10n.t('API key {0} verified and saved: {1}.', prefix, models) + warning });
  } catch (error) {
    if (error instanceof ServiceError && !REJECTED.has(error.kind) && !previous) {
      // The service could not be asked and there is nothing to protect: keep the new key.
      await deps.keys.store(check.key);
      deps.logger.warn(`API key ${prefix} stored unverified: ${error.kind}.`);
      return tell({ ok: true, message: vscode.l10n.t('API key {0} saved, but it could not be verified: {1}', prefix, error.userMessage) + warning });
    }
    deps.logger.warn(`API key ${prefix} not stored: verification failed.`);
    const note = (previous ? vscode.l10n.t('Your current key {0} is kept.', previous) : '') + warning;
    const step = { shown: vscode.l10n.t('The new key {0} was not saved', prefix), logged: `The new key ${prefix} was not saved` };
    return { ok: false, message: deps.failures.report(step, error, note.trim()) };
  }
}

export async function removeApiKey(deps: Deps): Promise<CommandOutcome> {
  const prefix = await deps.keys.prefix();
  if (!prefix) return tell({ ok: true, message: vscode.l10n.t('No API key is stored.') });
  await deps.keys.remove();
  deps.logger.info(`API key ${prefix} removed from secret storage.`);
  return tell({ ok: true, message: vscode.l10n.t('API key {0} removed. Remember to revoke it in the management cabinet if it was exposed.', prefix) }, [
    'setApiKey',
  ]);
}

export async function verifyConnection(deps: Deps): Promise<CommandOutcome> {
  const state = await deps.connection.models({ refresh: true, quiet: true });
  if (state.kind === 'notReady') {
    offerSetup(state.readiness);
    return { ok: false, message: state.readiness.message };
  }
  if (state.kind === 'catalogFailed') {
    const step = { shown: vscode.l10n.t('Could not connect with key {0}', state.keyPrefix), logged: `Could not connect with key ${state.keyPrefix}` };
    return { ok: false, message: deps.failures.report(step, state.error) };
  }
  const { baseUrl, keyPrefix, legacy } = state;
  const route = deps.clients.routeTo(baseUrl);
  const proxy = route === 'none' ? undefined : route;
  const message = connectionReport({ baseUrl, keyPrefix, usable: state.usable.length, total: state.list.data.length, legacy, proxy });
  deps.logger.info(`Verify Connection: ${message}${proxy ? '' : ' No proxy.'}`);
  tell({ ok: true, message });
  const currentAddress = legacy ? await offerCurrentAddress(deps.connection, baseUrl) : undefined;
  return currentAddress ? { ok: true, message, currentAddress } : { ok: true, message };
}
