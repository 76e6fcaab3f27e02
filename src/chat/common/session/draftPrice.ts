// The price of the message being typed, before it is sent: the request is built as sending would
// build it (requestMessages, the images left out for a model without them, the context fit),
// priced by requestPrice, and split into the instructions, the history, the attachments and the
// message itself, each at the input price, the part the conversation is known to have cached at
// the cache-read price.
import { cacheTokens } from '../../../platform/client/catalog/pricing';
import type { ModelEntry } from '../../../platform/client/catalog/schemas';
import type { ImageInput } from '../../../platform/client/transports/textRequest';
import type { ProjectInstructions } from '../../../platform/instructions/projectInstructions';
import { contextFor, fitToContext } from '../../../platform/reply/contextFit';
import { inputCost, requestPrice } from '../../../platform/reply/requestPrice';
import { messageTokens } from '../../../platform/reply/tokenEstimate';
import { takesImages } from '../attachments/attachments';
import type { ContextItem, Turn, UserTurn } from '../conversation/conversation';
import type { DraftEstimate } from '../protocol/protocol';
import { commandTurn, userTurn } from './askedTurns';
import { requestMessages, withoutImages } from './requestMessages';
import { commandOfMode } from './slashCommands';

export interface Draft {
  /** The open conversation's turns. */
  turns: readonly Turn[];
  /** What is typed. */
  text: string;
  /** The chips attached to it. */
  context: readonly ContextItem[];
  /** The message it replaces (an edit: a new branch from there), which keeps its own attachments. */
  editing?: string;
}

export interface PricedModel {
  model: ModelEntry;
  maxTokens?: number;
  /** The context the service reported for the model, when smaller than the catalog's. */
  reportedContext?: number;
  instructions?: ProjectInstructions;
}

/**
 * Input tokens the service is known to hold in its cache for this conversation: what the last
 * answer, from the same model, read from it and wrote to it.
 */
export function knownCachedTokens(turns: readonly Turn[], model: string): number {
  const last = turns.filter((turn) => turn.role === 'assistant' && turn.status === 'done').at(-1);
  if (last?.role !== 'assistant' || last.model !== model || !last.usage) return 0;
  const { read, write } = cacheTokens(last.usage);
  return read + write;
}

/** Every attached image of `turns` as the request counts it (its bytes do not change the estimate). */
function imagesOf(turns: readonly Turn[]): Map<string, ImageInput> {
  const images = new Map<string, ImageInput>();
  for (const turn of turns)
    if (turn.role === 'user')
      for (const item of turn.context) if (item.kind === 'image' && item.file) images.set(item.file, { mimeType: item.mimeType ?? 'image/png', data: '' });
  return images;
}

/** The price of sending `draft` to `priced.model`; undefined with nothing to send, for a command that is no text for a model, or without prices. */
export function draftPrice(draft: Draft, priced: PricedModel): DraftEstimate | undefined {
  const edited = draft.turns.find((turn): turn is UserTurn => turn.role === 'user' && turn.id === draft.editing);
  const before = edited ? draft.turns.slice(0, draft.turns.indexOf(edited)) : draft.turns;
  const context = edited ? edited.context : draft.context;
  if (draft.text.trim() === '' && context.length === 0) return undefined;
  const command = commandTurn(draft.text);
  if (command && (!command.ok || commandOfMode(command.turn.mode)?.textForModel === false)) return undefined;
  const ask = command?.turn ?? userTurn(draft.text, 'chat', [...context]);
  const turns = [...before, ask];
  const built = requestMessages(turns, { instructions: priced.instructions, images: imagesOf(turns) });
  const sent = takesImages(priced.model) ? built : withoutImages(built);
  const { messages } = fitToContext(sent, contextFor(priced.model, priced.reportedContext), priced.maxTokens);
  const cachedTokens = knownCachedTokens(before, priced.model.id);
  const price = requestPrice(priced.model, { messages, maxTokens: priced.maxTokens, cachedTokens });
  if (!price) return undefined;
  // The request in its order: the instructions (the system prompt), the history, then the message with what it carries.
  const [system, ...rest] = messages;
  const last = rest.pop();
  const lastTokens = last ? messageTokens(last) : 0;
  const message = Math.min(lastTokens, messageTokens({ role: 'user', content: ask.text }));
  const tokens = [system ? messageTokens(system) : 0, rest.reduce((sum, m) => sum + messageTokens(m), 0), lastTokens - message, message];
  let cachedLeft = cachedTokens;
  const [instructions, history, attachments, typedRub] = tokens.map((count) => {
    const cached = Math.min(count, cachedLeft);
    cachedLeft -= cached;
    return inputCost(priced.model, count, cached) ?? 0;
  }) as [number, number, number, number];
  return {
    sendRub: price.inputRub,
    ...(price.answerUpToRub !== undefined && { answerUpToRub: price.answerUpToRub }),
    parts: { instructions, history, attachments, message: typedRub },
  };
}
