// Builds the ServiceClient (and its model catalog) from the current settings and key.
// A feature that needs the service asks here first; when the address or the key is
// missing it gets nothing back and the person is offered the fix.
import * as vscode from 'vscode';
import { Commands } from '../core/shell/ids';
import { ModelCatalog } from '../core/client/modelCatalog';
import type { ClientLogger, ServiceClient } from '../core/client/serviceClient';
import type { ApiKeyStore } from './apiKeyStore';
import type { SettingsWatcher } from './settings';

const CATALOG_TTL_MS = 5 * 60_000;

/** The client pulls in undici and zod (about 100 ms to load here): loaded on first use, never during activation. */
const loadClientModule = () => import('../core/client/serviceClient');

export type Readiness =
  | { ok: true; baseUrl: string; apiKey: string }
  | { ok: false; missing: 'baseUrl' | 'apiKey'; message: string };

export class ClientFactory implements vscode.Disposable {
  private cached?: { signature: string; catalog: ModelCatalog };
  private readonly watches: vscode.Disposable[];

  constructor(
    private readonly settings: SettingsWatcher,
    private readonly keys: ApiKeyStore,
    private readonly logger: ClientLogger,
  ) {
    const forget = () => (this.cached = undefined);
    this.watches = [settings.onDidChange(forget), keys.onDidChange(forget)];
  }

  async readiness(): Promise<Readiness> {
    const { baseUrl, baseUrlProblem } = this.settings.current();
    if (baseUrlProblem) return { ok: false, missing: 'baseUrl', message: `The service address is not usable: ${baseUrlProblem}` };
    if (!baseUrl) {
      return {
        ok: false,
        missing: 'baseUrl',
        message: 'The service address is not set: enter the API base URL of your service (it ends with /v1).',
      };
    }
    const apiKey = await this.keys.get();
    if (!apiKey) return { ok: false, missing: 'apiKey', message: 'No API key is set: set your key to use Multi-Model AI.' };
    return { ok: true, baseUrl, apiKey };
  }

  /** A client for the stored key, or undefined after offering to set what is missing. */
  async client(): Promise<ServiceClient | undefined> {
    const ready = await this.readiness();
    if (!ready.ok) {
      offerSetup(ready);
      return undefined;
    }
    return this.create(ready.baseUrl, ready.apiKey);
  }

  /** The shared catalog for the stored key, or undefined after offering to set what is missing. */
  async catalog(options: { quiet?: boolean } = {}): Promise<ModelCatalog | undefined> {
    const ready = await this.readiness();
    if (!ready.ok) {
      if (!options.quiet) offerSetup(ready);
      return undefined;
    }
    const { timeoutMs, maxRetries } = this.settings.current();
    // The key is part of the signature only in memory; it is never logged or stored.
    const signature = JSON.stringify([ready.baseUrl, ready.apiKey, timeoutMs, maxRetries]);
    if (this.cached?.signature !== signature) {
      let client: Promise<ServiceClient> | undefined;
      const source = {
        listModels: async (filters: undefined, options?: { signal?: AbortSignal }) =>
          (await (client ??= this.create(ready.baseUrl, ready.apiKey))).listModels(filters, options),
      };
      this.cached = { signature, catalog: new ModelCatalog(source, { ttlMs: CATALOG_TTL_MS }) };
    }
    return this.cached.catalog;
  }

  async create(baseUrl: string, apiKey: string): Promise<ServiceClient> {
    const { ServiceClient } = await loadClientModule();
    const { timeoutMs, maxRetries } = this.settings.current();
    return new ServiceClient({ baseUrl, apiKey, timeoutMs, maxRetries, logger: this.logger });
  }

  dispose(): void {
    for (const watch of this.watches) watch.dispose();
  }
}

/** Tells what is missing, with a button that fixes it. */
export function offerSetup(ready: Extract<Readiness, { ok: false }>): void {
  const fix = ready.missing === 'apiKey' ? 'Set API Key' : 'Set Service Address';
  void vscode.window.showWarningMessage(ready.message, fix).then((choice) => {
    if (choice) void vscode.commands.executeCommand(ready.missing === 'apiKey' ? Commands.setApiKey : Commands.setBaseUrl);
  });
}
