// One service client per address, key, request and network settings, made on first use: a feature that
// asks again with nothing changed gets the same client, and a changed setting makes a new one.
// Several keys can be in use at once (the window's, and each group of VS Code's model management),
// so a few clients are kept, by key. undici is its own bundle (dist/undici.js), loaded with the
// client on the first request, never during activation.
import { chooseProxy, routeLine } from '../../client/http/proxyChoice';
import { loadServiceClient } from '../../client/loadServiceClient';
import { type ClientLogger } from '../../client/attempt/attempt';
import { type ServiceClient, type UnfinishedGenerations } from '../../client/serviceClient';
import type { NetworkWatcher } from '../../settings/vscode/networkSettings';
import type { SettingsWatcher } from '../../settings/vscode/settings';
import type { KeyIdentity } from '../../keys/keyList';

/** Clients kept at once: more keys than this in one window are rare, and the oldest is made again when needed. */
const MAX_CLIENTS = 8;

export class ClientCache {
  /** By signature (address, key, its name, request and network settings), in the order made. */
  private readonly clients = new Map<string, Promise<ServiceClient>>();
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

  /** The client for this address and key (named `key`: shown, and in English for the log) with the current request and network settings, made once per combination. */
  clientFor(baseUrl: string, apiKey: string, key?: Pick<KeyIdentity, 'name' | 'loggedName'>): Promise<ServiceClient> {
    const keyName = key?.loggedName;
    const shownKeyName = key?.name;
    const { timeoutMs, maxRetries, requestHeaders: headers } = this.settings.current();
    const network = this.network.current();
    // The key (and the proxy's credentials) are part of the signature only in memory; never logged or stored.
    const signature = JSON.stringify([baseUrl, apiKey, keyName, shownKeyName, timeoutMs, maxRetries, headers, network]);
    let client = this.clients.get(signature);
    if (!client) {
      client = loadServiceClient().then(({ ServiceClient, UnfinishedGenerations }) => {
        // A Retry after raising the timeout (or any other client) still asks for the answer already made.
        const service = JSON.stringify([baseUrl, apiKey]);
        const unfinished = this.unfinished.get(service) ?? new UnfinishedGenerations();
        this.unfinished.set(service, unfinished);
        return new ServiceClient({ baseUrl, apiKey, keyName, shownKeyName, timeoutMs, maxRetries, headers, network, logger: this.logger, unfinished });
      });
      if (this.clients.size >= MAX_CLIENTS) this.clients.delete(this.clients.keys().next().value as string);
      this.clients.set(signature, client);
    }
    return client;
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
