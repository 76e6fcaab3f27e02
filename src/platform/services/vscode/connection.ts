// The one place that turns the settings and the window's key into a service client and its model
// catalog, for every feature (status bar, quick-pick, chat, refactor, commands). Each is cached
// by exactly what it depends on: the client by address, key and request settings (clientCache.ts);
// the catalog by address and key only, so picking another model or token limit never reads it again.
// A caller with a key of its own (a group of VS Code's model management) passes it as a KeySource.
import * as vscode from 'vscode';
import { type ClientLogger } from '../../client/attempt/attempt';
import { type ImageEndpoint, type ImageModels, imageModels, modelUsability, type TextNeeds, textNeedsFor, usableTextModels } from '../../client/modelCatalog';
import { type KeyIdentity, keyLabel, keyName, loggedKeyLabel } from '../../keys/keyList';
import { type ModelConnection, SetupError } from '../../reply/modelConnection';
import { type ModelEntry, type ModelList } from '../../client/catalog/schemas';
import { type ServiceClient } from '../../client/serviceClient';
import { ServiceError } from '../../client/errors/serviceError';
import { skippedLine } from '../../client/streaming/replyPart';
import { type UsageSource } from '../../usage/usageEntry';
import { offerActions } from '../../actions/vscode/actionRunner';
import { fixFor, type NotReady, offerSetup } from './setupOffer';
import type { SpendGuard } from './spendGuard';
import type { ApiKeyStore } from '../../keys/vscode/apiKeyStore';
import type { ClientCache } from './clientCache';
import { Disposable } from '../../vscode/lifecycle';
import type { SettingsWatcher } from '../../settings/vscode/settings';
import type { SpendMeter } from './spendMeter';
import { type UsageRecorder, usageKey } from '../../usage/vscode/usageRecorder';
import { TypedModelIds } from './typedModelIds';
import { withTypedModels } from '../../client/catalog/typedModels';
import { CatalogCache } from './catalogCache';
import { fallbackRoute } from '../fallbackRoute';

/** `legacy`: the address in effect is multiModelAI.legacyBaseUrl. `keyLabel`: the key's name and masked prefix. */
export type Readiness = { ok: true; baseUrl: string; keyLabel: string; legacy: boolean } | NotReady;
/** A key and what names it. In memory only: the secret never leaves this module but into the client. */
export interface KeySource {
  identity: KeyIdentity;
  secret: string;
}
type Ready = { ok: true; baseUrl: string; key: KeySource };

/** What the connection knows about the models and the chosen one (`model`, multiModelAI.model), from one read of the cached catalog. */
export type ModelState = { model?: string } & (
  | { kind: 'notReady'; readiness: NotReady }
  | { kind: 'catalogFailed'; error: unknown; baseUrl: string; keyLabel: string; loggedKeyLabel: string; keyId: string }
  | {
      kind: 'ready';
      baseUrl: string;
      /** The address in effect is multiModelAI.legacyBaseUrl. */
      legacy: boolean;
      /** The key's name and masked prefix (`work · sk_live_0123…`), shown, and in English for the log. */
      keyLabel: string;
      loggedKeyLabel: string;
      keyId: string;
      list: ModelList;
      /** What the settings ask of every request (max_tokens, the transport). */
      needs: TextNeeds;
      /** The models a request can go to now, with these settings. */
      usable: ModelEntry[];
      /** The chosen model's entry, and why it cannot be used, if so. */
      entry?: ModelEntry;
      unusable?: string;
    }
);

export interface ImageConnection extends ImageModels {
  client: ServiceClient;
  onSpend(costRub: number): void;
  /** Told of the images `model` made (for the usage record). */
  onImages(model: string, images: number, costRub: number | undefined): void;
  /** The spend guard, before an order goes (ModelConnection.admit). */
  admit(upToRub: number | undefined): Promise<void>;
}

export class Connection extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fires once for each change of the address, the key, a request or network setting or the model choice. */
  readonly onDidChange = this.changed.event;
  private readonly logged = new Set<string>();
  /** The key problems already said in this window (a fallback to the default, a secret gone). */
  private readonly said = new Set<string>();
  private readonly catalogs: CatalogCache;
  /** The context the service reported in a too-long refusal, by address and model, while VS Code runs (Limits 3). */
  private readonly reportedContexts = new Map<string, number>();

  constructor(
    private readonly settings: SettingsWatcher,
    private readonly keys: ApiKeyStore,
    private readonly logger: ClientLogger,
    private readonly clients: ClientCache,
    private readonly spend: SpendMeter,
    private readonly usage: UsageRecorder,
    private readonly typedModels: TypedModelIds,
    private readonly guard: SpendGuard,
  ) {
    super();
    const fire = () => this.changed.fire();
    this.catalogs = new CatalogCache(clients, fire);
    this.register(settings.onDidChange(fire));
    this.register(typedModels.onDidChange(fire));
    this.register(keys.onDidChange(fire));
    this.register(clients.onDidChangeNetwork(fire));
  }

  async readiness(): Promise<Readiness> {
    const ready = await this.ready();
    return ready.ok ? { ok: true, baseUrl: ready.baseUrl, keyLabel: keyLabel(ready.key.identity), legacy: this.settings.current().legacy === true } : ready;
  }

  /**
   * The catalog (cached, or read again with `refresh`) and the chosen model's place in it.
   * When the address or key is missing, the person is offered the fix unless `quiet`.
   */
  async models(options: { refresh?: boolean; quiet?: boolean; key?: KeySource } = {}): Promise<ModelState> {
    const ready = await this.ready(options.key);
    if (!ready.ok) {
      if (!options.quiet) offerSetup(ready);
      return { kind: 'notReady', readiness: ready, model: this.settings.current().model };
    }
    return this.modelState(ready, options.refresh);
  }

  /**
   * Spec, Errors 5: a model the service called unavailable or unknown (model_unavailable) means the
   * catalog is stale. It is read again at once, so Select Model, the status bar and the chat show the truth.
   */
  noteFailure(error: unknown): void {
    if (!(error instanceof ServiceError) || error.kind !== 'model_unavailable' || !error.diagnostics.model) return;
    // A list that changed is announced by the catalog (catalogFor).
    void this.models({ refresh: true, quiet: true });
  }

  /** Whether GET /v1/models at another address answers with the stored key (before moving there). */
  async answersAt(baseUrl: string): Promise<boolean> {
    const ready = await this.ready();
    if (!ready.ok) return false;
    try {
      await (await this.clients.clientFor(baseUrl, ready.key.secret, ready.key.identity)).listModels();
      return true;
    } catch {
      return false;
    }
  }

  /** The models a request can go to in `list` with the current settings (a key being verified has no catalog yet). */
  usableIn(list: ModelList): ModelEntry[] {
    return usableTextModels(list, textNeedsFor(this.settings.current()));
  }

  /**
   * What a request to `modelId` needs, or to the chosen model without one (the language-model
   * provider's requests name their model), with the window's key or `key`; throws a SetupError saying what to set, or
   * the catalog read's ServiceError. Its answers go to the usage record as coming from `source`.
   */
  async forModel(modelId?: string, key?: KeySource, source: UsageSource = 'chat'): Promise<ModelConnection> {
    return this.connectTo(modelId, key, source, true);
  }

  /** forModel; with `withFallback`, the route of multiModelAI.fallback, whose connections fall back no further. */
  private async connectTo(modelId: string | undefined, key: KeySource | undefined, source: UsageSource, withFallback: boolean): Promise<ModelConnection> {
    const { ready, state } = await this.readCatalog(key, modelId ?? this.settings.current().model);
    const model = modelId ?? state.model;
    if (!model) throw new SetupError(vscode.l10n.t('No model is selected: pick the model to use.'), ['selectModel'], 'No model is selected');
    const { entry, unusable } = modelId === undefined ? state : modelUsability(state.list, modelId, state.needs);
    // An available model that cannot be used is held back by the settings (max_tokens, the transport).
    if (!entry || unusable)
      throw new SetupError(
        vscode.l10n.t('The model {0} cannot be used: {1}', model, unusable ?? ''),
        entry?.available ? ['selectModel', 'openSettings'] : ['selectModel'],
        entry ? `The model ${model} cannot be used with these settings` : `The model ${model} is not in the catalog`,
      );
    const settings = this.settings.current();
    const contextKey = `${ready.baseUrl}\n${entry.id}`;
    const reportedContext = this.reportedContexts.get(contextKey);
    // VS Code's chat shows the model its user picked: a silent substitution there would mislead, so its errors are reported as they are.
    const fallback =
      withFallback && source !== 'vscodeChat'
        ? fallbackRoute({
            setting: settings.fallback,
            model: entry,
            catalog: state.list.data,
            usable: state.usable,
            logger: this.logger,
            connect: (model) => this.connectTo(model.id, key, source, false),
            onFailure: (failure) => this.noteFailure(failure),
          })
        : undefined;
    return {
      client: await this.clients.clientFor(ready.baseUrl, ready.key.secret, ready.key.identity),
      model: entry,
      ...(fallback && { fallback }),
      ...(reportedContext !== undefined && { reportedContext }),
      onContextReported: (tokens) => {
        if (this.reportedContexts.get(contextKey) === tokens) return;
        this.reportedContexts.set(contextKey, tokens);
        this.logger.info(`Context: ${entry.id} takes ${tokens} tokens, as the service reported; later requests are fitted to it.`);
      },
      maxTokens: settings.maxTokens,
      transport: settings.transport,
      modelOptions: settings.modelOptions[entry.id],
      onDroppedOptions: (names) =>
        this.logOnce(
          'warn',
          `Settings: multiModelAI.modelOptions for ${entry.id} has options the model does not accept (${names.join(', ')}); they are left out.`,
        ),
      onAssumedInterface: (names) =>
        this.logOnce('warn', `Catalog: ${entry.id} names no known text interface (${names.join(', ')}); it is reached through chat completions.`),
      onSkipped: (kind, name) => this.logOnce('debug', skippedLine(entry.id, kind, name)),
      onSpend: (costRub) => this.spend.note(ready.key.identity, costRub),
      onAnswered: (answer) => this.usage.answered(source, entry.id, usageKey(ready.key.identity), answer),
      admit: this.guard.admitFor(ready.key.identity, source),
    };
  }

  /** What an image request needs: the client and the catalog's image models for `endpoint`; throws like forModel. */
  async forImages(endpoint: ImageEndpoint): Promise<ImageConnection> {
    const { ready, state } = await this.readCatalog();
    return {
      client: await this.clients.clientFor(ready.baseUrl, ready.key.secret, ready.key.identity),
      ...imageModels(state.list, endpoint),
      onSpend: (costRub) => this.spend.note(ready.key.identity, costRub),
      onImages: (model, images, costRub) => this.usage.madeImages(model, usageKey(ready.key.identity), images, costRub),
      admit: this.guard.admitFor(ready.key.identity, 'images'),
    };
  }

  /** Each line once while VS Code runs: what a model or its settings keep doing is said once. */
  private logOnce(level: 'warn' | 'debug', line: string): void {
    if (this.logged.has(line)) return;
    this.logged.add(line);
    this.logger[level](line);
  }

  /** The key and the catalog for a request; throws a SetupError saying what to set, or the catalog read's ServiceError. */
  private async readCatalog(key?: KeySource, wanted?: string): Promise<{ ready: Ready; state: Extract<ModelState, { kind: 'ready' }> }> {
    const ready = await this.ready(key);
    if (!ready.ok) throw new SetupError(ready.message, [fixFor(ready)], ready.logged);
    const state = await this.modelState(ready);
    if (state.kind !== 'catalogFailed') return { ready, state };
    // A model typed by hand needs no list: its own request tells what is wrong, unless the key is.
    const typed = this.typedModels.for(ready.baseUrl);
    const keyRefused = state.error instanceof ServiceError && state.error.kind === 'auth';
    if (wanted === undefined || !typed.includes(wanted) || keyRefused) throw state.error;
    return { ready, state: this.readyState(ready, withTypedModels({ object: 'list', data: [] }, typed)) };
  }

  private async modelState(ready: Ready, refresh?: boolean): Promise<Exclude<ModelState, { kind: 'notReady' }>> {
    let list: ModelList;
    try {
      // The ids typed by hand for this address join the list as models of which nothing is known.
      list = withTypedModels(await this.catalogs.catalogFor(ready.baseUrl, ready.key).get({ refresh }), this.typedModels.for(ready.baseUrl));
    } catch (error) {
      const { identity } = ready.key;
      return {
        kind: 'catalogFailed',
        error,
        baseUrl: ready.baseUrl,
        keyLabel: keyLabel(identity),
        loggedKeyLabel: loggedKeyLabel(identity),
        keyId: identity.id,
        model: this.settings.current().model,
      };
    }
    return this.readyState(ready, list);
  }

  /** What the connection knows from `list` and the settings. */
  private readyState(ready: Ready, list: ModelList): Extract<ModelState, { kind: 'ready' }> {
    const settings = this.settings.current();
    const needs = textNeedsFor(settings);
    const chosen = settings.model ? modelUsability(list, settings.model, needs) : {};
    return {
      kind: 'ready',
      baseUrl: ready.baseUrl,
      legacy: settings.legacy === true,
      keyLabel: keyLabel(ready.key.identity),
      loggedKeyLabel: loggedKeyLabel(ready.key.identity),
      keyId: ready.key.identity.id,
      list,
      needs,
      usable: usableTextModels(list, needs),
      model: settings.model,
      ...chosen,
    };
  }

  private async ready(key?: KeySource): Promise<Ready | NotReady> {
    const { baseUrl, baseUrlProblem, baseUrlFault } = this.settings.current();
    if (baseUrlProblem)
      return {
        ok: false,
        missing: 'baseUrl',
        message: vscode.l10n.t('The service address is not usable: {0}', baseUrlProblem),
        logged: `The service address is not usable: ${baseUrlFault ?? 'invalid'}`,
      };
    if (!baseUrl) {
      return {
        ok: false,
        missing: 'baseUrl',
        message: vscode.l10n.t('The service address is not set: enter the API base URL of your service (it ends with /v1).'),
        logged: 'The service address is not set',
      };
    }
    if (key) return { ok: true, baseUrl, key };
    const found = await this.keys.windowKey();
    if (found.fellBack) this.sayOnce('fellBack', found.ok ? found.identity : undefined);
    if (found.ok) return { ok: true, baseUrl, key: { identity: found.identity, secret: found.secret } };
    if (found.problem === 'secretGone' && found.record) {
      const message = vscode.l10n.t(
        'The key "{0}" is listed, but its secret is gone from VS Code secret storage: replace it or use another key.',
        keyName(found.record, this.keys.list()),
      );
      this.sayOnce(`secretGone:${found.record.id}`, undefined, message);
      return { ok: false, missing: 'apiKey', message, logged: 'The API key in use has no secret stored', secretGone: true };
    }
    return { ok: false, missing: 'apiKey', message: vscode.l10n.t('No API key is set: set your key to use Multi-Model AI.'), logged: 'No API key is set' };
  }

  /** A key problem is said once per window, with Manage API Keys. */
  private sayOnce(what: string, defaultKey?: KeyIdentity, message?: string): void {
    if (this.said.has(what)) return;
    this.said.add(what);
    const text =
      message ??
      (defaultKey
        ? vscode.l10n.t('The key this project chose is no longer stored: this window uses the default key {0}.', keyLabel(defaultKey))
        : vscode.l10n.t('The key this project chose is no longer stored, and there is no default key.'));
    this.logger.warn(
      what === 'fellBack'
        ? `The project's chosen key is gone; using ${defaultKey ? loggedKeyLabel(defaultKey) : 'no key'}.`
        : 'A listed key has no secret stored.',
    );
    void offerActions('warning', text, ['manageApiKeys']);
  }
}
