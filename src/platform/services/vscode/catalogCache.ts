// One model catalog per address, key and network settings, read through whatever client the
// request settings make at the time (clientCache.ts) and kept for a few minutes (modelCatalog.ts).
import { ModelCatalog } from '../../client/modelCatalog';
import { type ServiceClient } from '../../client/serviceClient';
import type { KeyIdentity } from '../../keys/keyList';
import type { ClientCache } from './clientCache';

const CATALOG_TTL_MS = 5 * 60_000;
const MAX_CATALOGS = 8;

export class CatalogCache {
  /** By address and key, in the order first read. */
  private readonly catalogs = new Map<string, ModelCatalog>();

  /** `onChange`: a list read again that differs (Reload, Verify Connection, an expired cache), to redraw every view of it. */
  constructor(
    private readonly clients: ClientCache,
    private readonly onChange: () => void,
  ) {}

  catalogFor(baseUrl: string, key: { identity: KeyIdentity; secret: string }): ModelCatalog {
    // A proxy or certificate change reads the list again, the new way.
    const signature = JSON.stringify([baseUrl, key.secret, key.identity.name, key.identity.loggedName, this.clients.networkSignature()]);
    let catalog = this.catalogs.get(signature);
    if (!catalog) {
      const source = {
        listModels: async (...args: Parameters<ServiceClient['listModels']>) =>
          (await this.clients.clientFor(baseUrl, key.secret, key.identity)).listModels(...args),
      };
      catalog = new ModelCatalog(source, { ttlMs: CATALOG_TTL_MS, onChange: this.onChange });
      // The window's key and the keys of VS Code's model groups: a few at most; the oldest goes first.
      if (this.catalogs.size >= MAX_CATALOGS) this.catalogs.delete(this.catalogs.keys().next().value as string);
      this.catalogs.set(signature, catalog);
    }
    return catalog;
  }
}
