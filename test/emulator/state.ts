// Everything one running emulator remembers between requests; the control API resets it.
import type { Workspace } from './auth';
import { Billing } from './billing';
import type { CatalogShape } from './catalogShapes';
import type { ScriptedReply } from './completionText';
import type { ErrorShape } from './errorShapes';
import { FaultQueue, type ModelDown } from './faults';
import { ImageFiles } from './imageFiles';
import { PromptCache } from './promptCache';
import { RateLimiter, type RateLimitOptions } from './rateLimiter';
import { RequestLog } from './requestLog';

export class EmulatorState {
  readonly faults = new FaultQueue();
  readonly log = new RequestLog();
  readonly limiter: RateLimiter;
  readonly billing = new Billing();
  /** Images answered as `url`, served under /__emulator/files/. */
  readonly files = new ImageFiles();
  /** Scripted texts that replace the next chat replies, in order. */
  readonly scriptedReplies: ScriptedReply[] = [];
  /** How the API's error answers are written. */
  errorShape: ErrorShape = 'service';
  /** The one workspace whose keys are accepted (POST /__emulator/workspace); every workspace's when absent. */
  servedWorkspace: Workspace | undefined;

  /** Cache mode (POST /__emulator/cache): text requests read and write the prompt cache, usage and charges count it. */
  cacheMode: boolean;
  readonly promptCache = new PromptCache();

  /** Models down until reset (POST /__emulator/model-down): every text request naming one gets this answer. */
  readonly downModels = new Map<string, ModelDown>();

  /** The shape GET /v1/models publishes (POST /__emulator/catalog sets it; reset restores the one started with). */
  catalogShape: CatalogShape;

  constructor(
    rateLimit: RateLimitOptions,
    private readonly startShape: CatalogShape = 'spec',
    private readonly startCacheMode = false,
  ) {
    this.limiter = new RateLimiter(rateLimit);
    this.catalogShape = startShape;
    this.cacheMode = startCacheMode;
  }

  reset(): void {
    this.faults.clear();
    this.log.clear();
    this.limiter.reset();
    this.billing.reset();
    this.files.clear();
    this.scriptedReplies.length = 0;
    this.errorShape = 'service';
    this.servedWorkspace = undefined;
    this.catalogShape = this.startShape;
    this.cacheMode = this.startCacheMode;
    this.promptCache.clear();
    this.downModels.clear();
  }
}
