// A typed client for the control API, for tests and benchmarks (global fetch, no key needed).
import type { Workspace } from './auth';
import type { ErrorShape } from './errorShapes';
import type { CatalogShape } from './catalogShapes';
import type { Fault, FaultEndpoint, ModelDown } from './faults';
import type { Account, Charge } from './billing';
import type { ScriptedReply } from './completionText';
import type { RecordedRequest } from './requestLog';

export class EmulatorControl {
  constructor(private readonly origin: string) {}

  async queueFaults(endpoint: FaultEndpoint, faults: Fault[]): Promise<void> {
    await this.call('POST', 'faults', { endpoint, faults });
  }

  /** Takes `model` down (every text request naming it gets `down`'s status) until reset, or brings it back with null. */
  async modelDown(model: string, down: ModelDown | null): Promise<void> {
    await this.call('POST', 'model-down', { model, down });
  }

  /** Replies for the next text requests: exact text, or `{ text?, reasoning?, toolCall? }`. */
  async queueReplies(texts: ScriptedReply[]): Promise<void> {
    await this.call('POST', 'replies', { replies: texts });
  }

  /** Sets a key's balance and spend limit in RUB (null: unlimited); absent fields stay as they are. */
  async setBilling(key: string, limits: { balanceRub?: number | null; spendLimitRub?: number | null }): Promise<Account & { keyPrefix: string }> {
    return (await this.call('POST', 'billing', { key, ...limits })) as Account & { keyPrefix: string };
  }

  /** Writes the API's error answers as this gateway does, until reset. */
  async setErrorShape(shape: ErrorShape): Promise<void> {
    await this.call('POST', 'error-shape', { shape });
  }

  async charges(): Promise<Charge[]> {
    return ((await this.call('GET', 'charges')) as { charges: Charge[] }).charges;
  }

  async requests(): Promise<RecordedRequest[]> {
    return ((await this.call('GET', 'requests')) as { requests: RecordedRequest[] }).requests;
  }

  /** An image answered as `url` (its file name, `img_<hex>.png`, or the whole URL): the PNG bytes. */
  async file(nameOrUrl: string): Promise<Buffer> {
    const name = nameOrUrl.slice(nameOrUrl.lastIndexOf('/') + 1);
    const response = await fetch(`${this.origin}/__emulator/files/${name}`);
    if (!response.ok) throw new Error(`Emulator control GET files/${name} failed (${response.status}): ${await response.text()}`);
    return Buffer.from(await response.arrayBuffer());
  }

  /** The shape GET /v1/models publishes from now on (until reset): the spec's, New API's raw list, or OpenRouter's. */
  async setCatalogShape(shape: CatalogShape): Promise<void> {
    await this.call('POST', 'catalog', { shape });
  }

  /** Cache mode on or off (until reset): text requests read and write the prompt cache, and their usage and charges count it. */
  async setCacheMode(on: boolean): Promise<void> {
    await this.call('POST', 'cache', { on });
  }

  /** Accepts only the keys of `workspace` (another workspace's key gets 401), or every workspace's with null, until reset. */
  async serveWorkspace(workspace: Workspace | null): Promise<void> {
    await this.call('POST', 'workspace', { workspace });
  }

  async reset(): Promise<void> {
    await this.call('POST', 'reset', {});
  }

  private async call(method: 'GET' | 'POST', action: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.origin}/__emulator/${action}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json: unknown = await response.json();
    if (!response.ok) throw new Error(`Emulator control ${method} ${action} failed (${response.status}): ${JSON.stringify(json)}`);
    return json;
  }
}
