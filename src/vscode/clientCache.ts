// One service client per address, key and request settings, made on first use: a feature that
// asks again with nothing changed gets the same client, and a changed setting makes a new one.
// Several keys can be in use at once (the window's, and each group of VS Code's model management),
// so a few clients are kept, by key. undici is its own bundle (dist/undici.js), loaded with the
// client on the first request, never during activation.
import { loadServiceClient, type ClientLogger, type ServiceClient, type UnfinishedGenerations } from '../core/index';
import type { SettingsWatcher } from './settings';

/** Clients kept at once: more keys than this in one window are rare, and the oldest is made again when needed. */
const MAX_CLIENTS = 8;

export class ClientCache {
  /** By signature (address, key, its name, request settings), in the order made. */
  private readonly clients = new Map<string, Promise<ServiceClient>>();
  /** Generations left unfinished, by address and key: they outlive the clients (serviceClient.ts). */
  private readonly unfinished = new Map<string, UnfinishedGenerations>();

  constructor(
    private readonly settings: SettingsWatcher,
    private readonly logger: ClientLogger,
  ) {}

  /** The client for this address and key (named `keyName`) with the current request settings, made once per combination. */
  clientFor(baseUrl: string, apiKey: string, keyName?: string): Promise<ServiceClient> {
    const { timeoutMs, maxRetries, requestHeaders: headers } = this.settings.current();
    // The key is part of the signature only in memory; it is never logged or stored.
    const signature = JSON.stringify([baseUrl, apiKey, keyName, timeoutMs, maxRetries, headers]);
    let client = this.clients.get(signature);
    if (!client) {
      client = loadServiceClient().then(({ ServiceClient, UnfinishedGenerations }) => {
        // A Retry after raising the timeout (or any other client) still asks for the answer already made.
        const service = JSON.stringify([baseUrl, apiKey]);
        const unfinished = this.unfinished.get(service) ?? new UnfinishedGenerations();
        this.unfinished.set(service, unfinished);
        return new ServiceClient({ baseUrl, apiKey, keyName, timeoutMs, maxRetries, headers, logger: this.logger, unfinished });
      });
      if (this.clients.size >= MAX_CLIENTS) this.clients.delete(this.clients.keys().next().value as string);
      this.clients.set(signature, client);
    }
    return client;
  }
}
