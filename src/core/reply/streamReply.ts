// The one loop that asks a model and streams its answer, for every feature (chat, refactor,
// and what comes next). It knows nothing of turns or documents: it sends, hands the text on in
// batches as it arrives, and sorts the ending into one outcome.
import { buildChatRequest } from '../client/chatRequest';
import type { ChatMessage, Usage } from '../client/schemas';
import type { RetryWait } from '../client/serviceClient';
import { ServiceError } from '../client/serviceError';
import { fitToContext } from './contextFit';
import { DeltaBatcher } from './deltaBatcher';
import type { ModelConnection } from './modelConnection';

export interface ReplyRequest {
  /** Resolved inside the loop, so a setup failure ends as `failed` like any other. */
  connection: Promise<ModelConnection>;
  messages: ChatMessage[];
  signal: AbortSignal;
  /** Ask for usage counts where the model accepts the option. */
  includeUsage?: boolean;
}

/** What arrives, as it arrives. New kinds of output (reasoning, tool calls) get handlers of their own here. */
export interface ReplyHandlers {
  /** Once the connection is resolved: the model the request goes to. */
  onModel?(model: ModelConnection['model']): void;
  /** New text, batched: at most one call per `intervalMs`. */
  onText(text: string): void;
  intervalMs?: number;
  /** The oldest `dropped` messages were left out: the conversation is longer than the model's context. */
  onTrimmed?(dropped: number, contextLength: number): void;
  /** Nothing arrives yet because the client waits before trying again (a 429's window, a backoff). */
  onWait?(wait: RetryWait): void;
}

/**
 * done: the answer is complete; stopped: the person stopped it (the text so far may be empty);
 * interrupted: it broke after some text, which is kept; failed: it failed before any text.
 */
export type ReplyOutcome =
  | { status: 'done'; text: string; finishReason: string | null; usage?: Usage; requestId?: string }
  | { status: 'stopped'; text: string }
  | { status: 'interrupted'; text: string; error: unknown }
  | { status: 'failed'; error: unknown };

export async function streamReply(request: ReplyRequest, handlers: ReplyHandlers): Promise<ReplyOutcome> {
  const { signal } = request;
  const batcher = new DeltaBatcher(handlers.onText, handlers.intervalMs);
  let text = '';
  try {
    const { client, model, maxTokens } = await request.connection;
    handlers.onModel?.(model);
    const fitted = fitToContext(request.messages, model.context_length, maxTokens);
    if (fitted.dropped > 0 && model.context_length !== undefined) handlers.onTrimmed?.(fitted.dropped, model.context_length);
    // Spec, Endpoints 5: `stream` is an optional field like any other.
    const streaming = model.supported_parameters.includes('stream');
    const chatRequest = buildChatRequest(model, fitted.messages, { maxTokens, includeUsage: request.includeUsage && streaming });
    let end: Extract<ReplyOutcome, { status: 'done' }> = { status: 'done', text, finishReason: null };
    for await (const event of client.streamChatCompletion(chatRequest, { signal, streaming, onRetry: handlers.onWait })) {
      if (event.type === 'delta') {
        text += event.text;
        batcher.push(event.text);
      } else {
        end = { status: 'done', text, finishReason: event.finishReason, ...(event.usage && { usage: event.usage }), ...(event.requestId && { requestId: event.requestId }) };
      }
    }
    batcher.flush();
    return signal.aborted ? { status: 'stopped', text } : { ...end, text };
  } catch (error) {
    batcher.flush();
    if (signal.aborted || (error instanceof ServiceError && error.kind === 'aborted')) return { status: 'stopped', text };
    return text === '' ? { status: 'failed', error } : { status: 'interrupted', text, error };
  }
}
