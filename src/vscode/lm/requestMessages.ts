// VS Code's language-model messages as the client's TextMessages: text parts, tool calls (the
// assistant's), tool results (each its own tool message, after the user text they came with).
// VS Code keeps no reasoning, but Messages thinking models want theirs back with the tool calls
// it led to: the provider remembers it by tool call id and puts it back here.
import * as vscode from 'vscode';
import type { ImageInput, Reasoning, TextMessage, ToolCall } from '../../core/client/textRequest';

/** The reasoning of recent answers that made tool calls, by call id (bounded: the oldest go first). */
export class ReasoningMemory {
  private readonly byCall = new Map<string, Reasoning>();

  constructor(private readonly limit = 200) {}

  remember(calls: readonly ToolCall[], reasoning: Reasoning | undefined): void {
    if (!reasoning?.text) return;
    for (const call of calls) this.byCall.set(call.id, reasoning);
    while (this.byCall.size > this.limit) this.byCall.delete(this.byCall.keys().next().value as string);
  }

  recall(calls: readonly ToolCall[]): Reasoning | undefined {
    for (const call of calls) {
      const found = this.byCall.get(call.id);
      if (found) return found;
    }
    return undefined;
  }
}

function resultText(part: vscode.LanguageModelToolResultPart): string {
  return part.content.map((piece) => (piece instanceof vscode.LanguageModelTextPart ? piece.value : typeof piece === 'string' ? piece : JSON.stringify(piece))).join('');
}

/** An image data part (LanguageModelDataPart, which VS Code 1.104's API does not declare yet). */
function imageOf(part: unknown): ImageInput | undefined {
  const candidate = part as { mimeType?: unknown; data?: unknown } | null;
  if (typeof candidate?.mimeType !== 'string' || !candidate.mimeType.startsWith('image/') || !(candidate.data instanceof Uint8Array)) return undefined;
  return { mimeType: candidate.mimeType, data: Buffer.from(candidate.data).toString('base64') };
}

/** Images go only to models that take them (`acceptsImages`); for another, the request is refused with why. */
export function requestMessages(messages: readonly vscode.LanguageModelChatRequestMessage[], memory: ReasoningMemory, acceptsImages = false): TextMessage[] {
  const out: TextMessage[] = [];
  for (const message of messages) {
    let text = '';
    const calls: ToolCall[] = [];
    const results: TextMessage[] = [];
    const images: ImageInput[] = [];
    for (const part of message.content) {
      const image = imageOf(part);
      if (image) {
        if (!acceptsImages) throw new vscode.LanguageModelError('This model does not accept images: remove the image, or pick a model that accepts images.');
        images.push(image);
      } else if (part instanceof vscode.LanguageModelTextPart) text += part.value;
      else if (part instanceof vscode.LanguageModelToolCallPart) calls.push({ id: part.callId, name: part.name, arguments: JSON.stringify(part.input ?? {}) });
      else if (part instanceof vscode.LanguageModelToolResultPart) results.push({ role: 'tool', toolCallId: part.callId, content: resultText(part) });
    }
    if (message.role === vscode.LanguageModelChatMessageRole.Assistant) {
      const reasoning = memory.recall(calls);
      out.push({ role: 'assistant', content: text, ...(calls.length > 0 && { toolCalls: calls }), ...(reasoning && { reasoning }) });
    } else {
      // A tool result answers the call just before it: it goes first, then any text of the same message.
      out.push(...results);
      if (text !== '' || images.length > 0 || results.length === 0) out.push({ role: 'user', content: text, ...(images.length > 0 && { images }) });
    }
  }
  return out;
}
