// Spec, Limits 3: a model's limits are read from the live catalog. A conversation longer than
// the model's context is trimmed from its oldest turns before it is sent, instead of being
// refused by the service; the system prompt and the message being answered always stay.
import type { ModelEntry } from '../client/catalog/schemas';
import { TYPED_MODEL_CONTEXT_TOKENS, isTypedModel } from '../client/catalog/typedModels';
import type { TextMessage } from '../client/transports/textRequest';
import { boundTokens } from './tokenEstimate';

/** Room kept for the answer when the person set no max_tokens: a quarter of the context, at most this. */
const DEFAULT_ANSWER_RESERVE = 4_096;

export interface Fitted {
  messages: TextMessage[];
  /** How many earlier messages were left out. */
  dropped: number;
}

/** The tokens kept for the answer: max_tokens, or a quarter of the context, at most DEFAULT_ANSWER_RESERVE. */
export function answerReserve(contextLength: number, maxTokens?: number): number {
  return maxTokens ?? Math.min(DEFAULT_ANSWER_RESERVE, Math.floor(contextLength / 4));
}

/**
 * The context a request is fitted to: the catalog's (a conservative one for a model typed by hand,
 * of which nothing is known), or the one the service reported when that is smaller.
 */
export function contextFor(model: ModelEntry, reported: number | undefined): number | undefined {
  const listed = model.context_length ?? (isTypedModel(model) ? TYPED_MODEL_CONTEXT_TOKENS : undefined);
  if (reported === undefined) return listed;
  return listed === undefined ? reported : Math.min(listed, reported);
}

/** A tool call or a tool result: the message belongs to a tool conversation. */
const usesTools = (message: TextMessage): boolean => message.role === 'tool' || (message.role === 'assistant' && (message.toolCalls?.length ?? 0) > 0);

/**
 * The messages that fit `contextLength` with room for the answer: whole exchanges are dropped
 * from the oldest (a user message with the answers after it), so the model never sees an
 * answer without its question. Unchanged when the context is unknown or everything fits, and
 * for a tool conversation (the language-model provider's), which is sent whole: VS Code budgets
 * it by the provider's own counts, and a cut could separate a call from its result.
 */
export function fitToContext(messages: readonly TextMessage[], contextLength: number | undefined, maxTokens?: number): Fitted {
  if (contextLength === undefined || messages.some(usesTools)) return { messages: [...messages], dropped: 0 };
  const budget = contextLength - answerReserve(contextLength, maxTokens);
  const head = messages[0]?.role === 'system' ? messages.slice(0, 1) : [];
  let rest = messages.slice(head.length);
  let dropped = 0;
  // Counted with the trim's margin: the estimate alone may fall short of the real count.
  while (rest.length > 1 && boundTokens([...head, ...rest]) > budget) {
    // The oldest exchange: its user message and every non-user message up to the next one.
    let end = 1;
    while (end < rest.length - 1 && rest[end]?.role !== 'user') end++;
    rest = rest.slice(end);
    dropped += end;
  }
  return { messages: [...head, ...rest], dropped };
}
