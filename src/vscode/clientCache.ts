// One service client per address, key, request and network settings, made on first use: a feature that
// asks again with nothing changed gets the same client, and a changed setting makes a new one.
// undici is its own bundle (dist/undici.js), loaded with the client on the first request, never during activation.
import { chooseProxy, loadServiceClient, routeLine, type ClientLogger, type ServiceClient, type UnfinishedGenerations } from '../core/index';
import type { NetworkWatcher } from './networkSettings';
import type { SettingsWatcher } from './settings';

export class ClientCache {
  private client?: { signature: string; client: Promise<ServiceClient> };
  /** Generations left unfinished, by address and key: they outlive the clients (serviceClient.ts). */
  private readonly unfinished = new Map<string, UnfinishedGenerations>();

  constructor(
    private readonly settings: SettingsWatcher,
    private readonly logger: ClientLogger,
    private readonly network: NetworkWatcher,
  ) {}

  /** Fires when a proxy or certificate setting changed: the next client is made the new way. */
  get onDidChangeNetwork(): NetworkWatcher['onDidChange'] {
    return this.network.onDidChange;
  }

  /** The client for this address and key with the current request settings, made once per combination. */
  clientFor(baseUrl: string, apiKey: string): Promise<ServiceClient> {
    const { timeoutMs, maxRetries, requestHeaders: headers } = this.settings.current();
    const network = this.network.current();
    // The key (and the proxy's credentials) are part of the signature only in memory; never logged or stored.
    const signature = JSON.stringify([baseUrl, apiKey, timeoutMs, maxRetries, headers, network]);
    if (this.client?.signature !== signature) {
      const client = loadServiceClient().then(({ ServiceClient, UnfinishedGenerations }) => {
        // A Retry after raising the timeout (or any other client) still asks for the answer already made.
        const service = JSON.stringify([baseUrl, apiKey]);
        const unfinished = this.unfinished.get(service) ?? new UnfinishedGenerations();
        this.unfinished.set(service, unfinished);
        return new ServiceClient({ baseUrl, apiKey, timeoutMs, maxRetries, headers, network, logger: this.logger, unfinished });
      });
      this.client = { signature, client };
    }
    return this.client.client;
  }

  /** The network settings in effect, as a comparable text (in memory only: it may hold the proxy's credentials). */
  networkSignature(): string {
    return JSON.stringify(this.network.current());
  }

  /** The way a request to `baseUrl` goes now: the proxy's host and port and where it was set, or `none`. */
  routeTo(baseUrl: string): string {
    return routeLine(chooseProxy(baseUrl, this.network.current(), process.env));
  }
}
