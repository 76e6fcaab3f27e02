// What a request to a model needs, resolved when it starts (settings can change in between),
// and the error that says why it cannot be sent yet. Chat, refactor and every later feature
// that asks a model get both from the one connection (src/platform/services/vscode/connection.ts).
import type { ModelEntry, Usage } from '../client/catalog/schemas';
import type { ServiceClient } from '../client/serviceClient';
import type { TransportSetting } from '../client/transports/index';
import type { OnSkipped } from '../client/streaming/replyPart';
import type { Action } from '../actions/actions';
import type { ServiceError } from '../client/errors/serviceError';
import type { RequestNeeds } from './fallback';

export interface ModelConnection {
  client: Pick<ServiceClient, 'streamText'>;
  model: ModelEntry;
  maxTokens?: number;
  /** multiModelAI.transport: auto, or the interface to force. */
  transport?: TransportSetting;
  /** multiModelAI.modelOptions for this model, by catalog parameter name. */
  modelOptions?: Record<string, unknown>;
  /** Told which of the person's options the model does not take (they are left out). */
  onDroppedOptions?(names: string[]): void;
  /** Told the endpoint-type names no known gateway uses, when the model is reached through chat completions because of them. */
  onAssumedInterface?(names: readonly string[]): void;
  /** Told what a reply's reader passed over (transports/transport.ts, OnSkipped), to log once for this model. */
  onSkipped?: OnSkipped;
  /** Told what each finished answer cost at the catalog's prices (the spend since VS Code started is counted from it). */
  onSpend?(costRub: number): void;
  /** Told of each answer the model began, once it ends (done, stopped or cut): for the usage record. */
  onAnswered?(answer: AnswerUsage): void;
  /** The context the service reported for this model when it refused a request as too long (Limits 3): the fit uses it when smaller than the catalog's. */
  reportedContext?: number;
  /** Told the context the service reports in a too-long refusal, so the next request fits it. */
  onContextReported?(tokens: number): void;
  /**
   * The spend guard (src/platform/services/vscode/spendGuard.ts), asked just before the request
   * goes, with the most it can cost in RUB (absent without prices): resolves to send it, or
   * throws a SpendStop. Absent: nothing is checked (the chat's Send Anyway).
   */
  admit?(upToRub: number | undefined): Promise<void>;
  /** Where a request goes when this model is down (multiModelAI.fallback); absent: nowhere, the error is reported. */
  fallback?: FallbackRoute;
}

/** The models a request may fall back to, and how to reach them (fallback.ts decides when). */
export interface FallbackRoute {
  /** The models to ask instead, in order, for a request that needs `needs`. */
  models(needs: RequestNeeds): readonly ModelEntry[];
  /** A connection to one of them, made as this one was (its own usage entry, prices and log); it falls back no further. */
  connect(model: ModelEntry): Promise<ModelConnection>;
  /** Told that `failure` sends the request to `to`, for the log. */
  onFallback?(failure: ServiceError, to: string): void;
}

/** What an answer used: its interface, and the usage and cost when it reported them (never a guess). */
export interface AnswerUsage {
  interface: string;
  usage?: Usage;
  costRub?: number;
  /** What the cache saved, where the answer read or wrote it and the catalog prices it. */
  savedRub?: number;
}

/**
 * A reason a request cannot succeed as things are set (no key, no address, no usable model, too
 * low a token limit), with the actions that fix it. `message` is shown; `logged` says it in English, for the log.
 */
export class SetupError extends Error {
  constructor(
    message: string,
    readonly actions: Action[],
    readonly logged: string,
  ) {
    super(message);
    this.name = 'SetupError';
  }
}
