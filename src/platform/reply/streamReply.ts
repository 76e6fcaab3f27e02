// The one loop that asks a model and streams its answer, for every feature (chat, refactor,
// the language-model provider). It knows nothing of turns or documents: it picks the model's
// interface, sends, hands text and reasoning on in batches as they arrive, and sorts the ending
// into one outcome. When the connection names a fallback (fallback.ts) and the model is down,
// the same request goes to the next model.
import * as l10n from '@vscode/l10n';
import type { Usage } from '../client/catalog/schemas';
import type { RetryWait } from '../client/serviceClient';
import { ServiceError } from '../client/errors/serviceError';
import { cacheTokens, pricedUsage } from '../client/catalog/pricing';
import { buildTextRequest, type TextMessage, type ToolSpec } from '../client/transports/textRequest';
import { type ThinkingBlock, type ToolCall } from '../client/streaming/replyPart';
import { chooseTransport } from '../client/transports/index';
import { contextFor, fitToContext } from './contextFit';
import { cacheHint } from './cacheHint';
import { DeltaBatcher } from './deltaBatcher';
import { requestPrice, type RequestPrice } from './requestPrice';
import { SetupError, type ModelConnection } from './modelConnection';
import { SpendStop } from './spendStop';
import { boundTokens } from './tokenEstimate';
import { fallsBack } from './fallback';
import type { FellBack } from './fallbackNote';

export interface ReplyRequest {
  /** Resolved inside the loop, so a setup failure ends as `failed` like any other. */
  connection: Promise<ModelConnection>;
  messages: TextMessage[];
  signal: AbortSignal;
  /** Ask for usage counts where the model accepts the option. */
  includeUsage?: boolean;
  tools?: ToolSpec[];
  toolChoice?: 'auto' | 'required';
}

/** What arrives, as it arrives. */
export interface ReplyHandlers {
  /**
   * Once the connection is resolved: the model the request goes to. `fellBack` when the chosen
   * model is down and this one is asked instead (multiModelAI.fallback); the chosen model again,
   * without it, when every fallback failed too and the chosen model's failure is the outcome.
   */
  onModel?(model: ModelConnection['model'], fellBack?: FellBack): void;
  /** New text of the answer (a `delta` part), batched: at most one call per `intervalMs`. */
  onDelta(text: string): void;
  /** New reasoning, batched the same way. */
  onReasoning?(text: string): void;
  /** A tool call, once its arguments are complete. */
  onToolCall?(call: ToolCall): void;
  intervalMs?: number;
  /** The oldest `dropped` messages were left out: the conversation is longer than the model's context. */
  onTrimmed?(dropped: number, contextLength: number): void;
  /** Nothing arrives yet because the client waits before trying again (a 429's window, a backoff). */
  onWait?(wait: RetryWait): void;
  /** The request as it goes (fitted), priced before it is sent, where the catalog gives prices (requestPrice). */
  onPrice?(price: RequestPrice): void;
}

/**
 * done: the answer is complete; stopped: the person stopped it (the text so far may be empty);
 * interrupted: it broke after some text, which is kept; failed: it failed before any text.
 * `fellBack`: another model than the chosen one answered (or failed in its turn), and why.
 */
export type ReplyOutcome = (
  | {
      status: 'done';
      text: string;
      reasoning: string;
      toolCalls: ToolCall[];
      finishReason: string | null;
      usage?: Usage;
      /** At the catalog's prices; absent when the catalog has none (never a guess). */
      costRub?: number;
      /** What the cached input saved against the full input price, where the reply read or wrote the cache and the catalog prices it. */
      savedRub?: number;
      requestId?: string;
      /** Messages: the thinking blocks, to send back with the tool calls. */
      reasoningBlocks?: ThinkingBlock[];
    }
  | { status: 'stopped'; text: string }
  | { status: 'interrupted'; text: string; error: unknown }
  | { status: 'failed'; error: unknown }
) & { fellBack?: FellBack };

export async function streamReply(request: ReplyRequest, handlers: ReplyHandlers): Promise<ReplyOutcome> {
  const { signal } = request;
  const heard: Heard = {
    texts: new DeltaBatcher(handlers.onDelta, handlers.intervalMs),
    thoughts: new DeltaBatcher((text) => handlers.onReasoning?.(text), handlers.intervalMs),
    text: '',
    reasoning: '',
    toolCalls: [],
    output: false,
    sentTokens: 0,
  };
  let connection: ModelConnection;
  try {
    // Stop works while the model list is still being read, too.
    connection = await untilStopped(request.connection, signal);
  } catch (error) {
    return ending(error, heard, signal);
  }
  const first = await askModel(connection, request, handlers, heard);
  const route = connection.fallback;
  if (!route || first.status !== 'failed' || signal.aborted || !fallsBack(first.error, heard.output)) return first;
  // multiModelAI.fallback: the chosen model is down, and nothing of it was made or shown.
  const failure = first.error;
  const needs = {
    tokens: heard.sentTokens,
    images: request.messages.some(hasImages),
    tools: (request.tools?.length ?? 0) > 0,
    maxTokens: connection.maxTokens,
  };
  for (const model of route.models(needs)) {
    let next: ModelConnection;
    try {
      next = await untilStopped(route.connect(model), signal);
    } catch (error) {
      if (signal.aborted) return ending(error, heard, signal);
      continue;
    }
    const fellBack: FellBack = { from: connection.model.id, to: model.id, status: failure.status };
    route.onFallback?.(failure, model.id);
    const outcome = await askModel(next, request, handlers, heard, fellBack);
    if (outcome.status !== 'failed' || signal.aborted || !fallsBack(outcome.error, heard.output)) return { ...outcome, fellBack };
  }
  handlers.onModel?.(connection.model);
  return first;
}

/** What one reply heard so far, across the models asked: a fallback starts only where nothing was. */
interface Heard {
  texts: DeltaBatcher;
  thoughts: DeltaBatcher;
  text: string;
  reasoning: string;
  toolCalls: ToolCall[];
  /** Text, reasoning or a tool call arrived. */
  output: boolean;
  /** The estimated tokens of the messages sent to the last model asked. */
  sentTokens: number;
}

const hasImages = (message: TextMessage): boolean => message.role === 'user' && (message.images?.length ?? 0) > 0;

/** How a reply that threw ends: stopped by the person, cut after some text, or failed before any. */
function ending(error: unknown, heard: Heard, signal: AbortSignal): Exclude<ReplyOutcome, { status: 'done' }> {
  if (signal.aborted || (error instanceof ServiceError && error.kind === 'aborted') || (error instanceof SpendStop && error.declined))
    return { status: 'stopped', text: heard.text };
  return heard.text === '' ? { status: 'failed', error } : { status: 'interrupted', text: heard.text, error };
}

/** One model's answer to the request. */
async function askModel(connection: ModelConnection, request: ReplyRequest, handlers: ReplyHandlers, heard: Heard, fellBack?: FellBack): Promise<ReplyOutcome> {
  const { signal } = request;
  const { texts, thoughts } = heard;
  /** Set once the request is sent: an answer that then ends in any way is told to the usage record once. */
  let answered: ((end?: { usage?: Usage; costRub?: number; savedRub?: number }) => void) | undefined;
  try {
    const { client, model, maxTokens } = connection;
    handlers.onModel?.(model, fellBack);
    const transport = chooseTransport(model, connection.transport);
    if (!transport.ok)
      throw new SetupError(
        l10n.t('The model {0} cannot be used: {1}', model.id, transport.message),
        ['selectModel', 'openSettings'],
        `The model ${model.id} serves no text interface the transport setting (${connection.transport ?? 'auto'}) allows`,
      );
    if (transport.assumedFrom) connection.onAssumedInterface?.(transport.assumedFrom);
    const contextLength = contextFor(model, connection.reportedContext);
    const fitted = fitToContext(request.messages, contextLength, maxTokens);
    if (fitted.dropped > 0 && contextLength !== undefined) handlers.onTrimmed?.(fitted.dropped, contextLength);
    const messages = fitted.messages;
    // Priced once, for the caller's line and the spend guard alike.
    const price = handlers.onPrice || connection.admit ? requestPrice(model, { messages, maxTokens }) : undefined;
    if (price) handlers.onPrice?.(price);
    heard.sentTokens = boundTokens(messages);
    if (connection.admit) await connection.admit(upTo(price));
    // Spec, Endpoints 5: `stream` is an optional field like any other.
    const streaming = model.supported_parameters.includes('stream');
    const built = buildTextRequest(model, messages, {
      maxTokens,
      includeUsage: request.includeUsage && streaming,
      tools: request.tools,
      toolChoice: request.toolChoice,
      modelOptions: connection.modelOptions,
    });
    if (built.dropped.length > 0) connection.onDroppedOptions?.(built.dropped);
    built.request.cache = cacheHint(model, built.request);
    let end: Extract<ReplyOutcome, { status: 'done' }> | undefined;
    answered = (usage) => {
      answered = undefined;
      connection.onAnswered?.({
        interface: transport.transport.name,
        ...withoutUndefined({ usage: usage?.usage, costRub: usage?.costRub, savedRub: usage?.savedRub }),
      });
    };
    for await (const event of client.streamText(transport.transport, built.request, {
      signal,
      streaming,
      onRetry: handlers.onWait,
      onSkipped: connection.onSkipped,
    })) {
      if (event.type !== 'end') heard.output = true;
      switch (event.type) {
        case 'delta':
          // The reasoning still held goes out first: a caller reads what follows it as the answer.
          thoughts.flush();
          heard.text += event.text;
          texts.push(event.text);
          break;
        case 'reasoning':
          heard.reasoning += event.text;
          thoughts.push(event.text);
          break;
        case 'tool_call':
          // What was said before the call goes out before it, in the order the model said it.
          thoughts.flush();
          texts.flush();
          heard.toolCalls.push(event.call);
          handlers.onToolCall?.(event.call);
          break;
        case 'end': {
          const { type: _type, ...rest } = event;
          const priced = event.usage && pricedUsage(model, event.usage);
          const cache = event.usage && cacheTokens(event.usage);
          const savedRub = priced && cache && cache.read + cache.write > 0 ? priced.savedRub : undefined;
          end = {
            status: 'done',
            text: heard.text,
            reasoning: heard.reasoning,
            toolCalls: heard.toolCalls,
            ...withoutUndefined({ ...rest, costRub: priced?.costRub, savedRub }),
          };
        }
      }
    }
    thoughts.flush();
    texts.flush();
    if (end?.costRub !== undefined) connection.onSpend?.(end.costRub);
    answered(end);
    if (signal.aborted) return { status: 'stopped', text: heard.text };
    const { text, reasoning, toolCalls } = heard;
    return end ? { ...end, text, reasoning } : { status: 'done', text, reasoning, toolCalls, finishReason: null };
  } catch (error) {
    thoughts.flush();
    texts.flush();
    // A request that failed before any text was not an answer; one stopped or cut is, without usage.
    if (heard.text !== '' || signal.aborted) answered?.();
    // Limits 3: the context the service reported is the one the next request is fitted to.
    const reported = error instanceof ServiceError && error.kind === 'too_long' ? error.context?.contextTokens : undefined;
    if (reported !== undefined) connection.onContextReported?.(reported);
    return ending(error, heard, signal);
  }
}

/** The most a request can cost: its input and the bound of its answer (the input alone when nothing bounds the answer). */
function upTo(price: RequestPrice | undefined): number | undefined {
  return price && price.inputRub + (price.answerUpToRub ?? 0);
}

/** `promise`, or a rejection as soon as `signal` stops the reply (the promise runs on, unheard). */
function untilStopped<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
