// One service client per address, key and request settings, made on first use: a feature that
// asks again with nothing changed gets the same client, and a changed setting makes a new one.
// undici is its own bundle (dist/undici.js), loaded with the client on the first request, never during activation.
import { loadServiceClient, type ClientLogger, type ServiceClient, type UnfinishedGenerations } from '../core/index';
import type { SettingsWatcher } from './settings';

export class ClientCache {
  private client?: { signature: string; client: Promise<ServiceClient> };
  /** Generations left unfinished, by address and key: they outlive the clients (serviceClient.ts). */
  private readonly unfinished = new Map<string, UnfinishedGenerations>();

  constructor(
    private readonly settings: SettingsWatcher,
    private readonly logger: ClientLogger,
  ) {}

  /** The client for this address and key with the current request settings, made once per combination. */
  clientFor(baseUrl: string, apiKey: string): Promise<ServiceClient> {
    const { timeoutMs, maxRetries, requestHeaders: headers } = this.settings.current();
    // The key is part of the signature only in memory; it is never logged or stored.
    const signature = JSON.stringify([baseUrl, apiKey, timeoutMs, maxRetries, headers]);
    if (this.client?.signature !== signature) {
      const client = loadServiceClient().then(({ ServiceClient, UnfinishedGenerations }) => {
        // A Retry after raising the timeout (or any other client) still asks for the answer already made.
        const service = JSON.stringify([baseUrl, apiKey]);
        const unfinished = this.unfinished.get(service) ?? new UnfinishedGenerations();
        this.unfinished.set(service, unfinished);
        return new ServiceClient({ baseUrl, apiKey, timeoutMs, maxRetries, headers, logger: this.logger, unfinished });
      });
      this.client = { signature, client };
    }
    return this.client.client;
  }
}
