// VS Code's language-model messages as the client's TextMessages: text parts, tool calls (the
// assistant's), tool results (each its own tool message, after the user text they came with).
// VS Code keeps no reasoning, but Messages thinking models want theirs back with the tool calls
// it led to: the provider remembers it by tool call id and puts it back here.
import * as vscode from 'vscode';
import type { Reasoning, TextMessage, ToolCall } from '../../core/client/textRequest';

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

export function requestMessages(messages: readonly vscode.LanguageModelChatRequestMessage[], memory: ReasoningMemory): TextMessage[] {
  const out: TextMessage[] = [];
  for (const message of messages) {
    let text = '';
    const calls: ToolCall[] = [];
    const results: TextMessage[] = [];
    for (const part of message.content) {
      if (part instanceof vscode.LanguageModelTextPart) text += part.value;
      else if (part instanceof vscode.LanguageModelToolCallPart) calls.push({ id: part.callId, name: part.name, arguments: JSON.stringify(part.input ?? {}) });
      else if (part instanceof vscode.LanguageModelToolResultPart) results.push({ role: 'tool', toolCallId: part.callId, content: resultText(part) });
    }
    if (message.role === vscode.LanguageModelChatMessageRole.Assistant) {
      const reasoning = memory.recall(calls);
      out.push({ role: 'assistant', content: text, ...(calls.length > 0 && { toolCalls: calls }), ...(reasoning && { reasoning }) });
    } else {
      // A tool result answers the call just before it: it goes first, then any text of the same message.
      out.push(...results);
      if (text !== '' || results.length === 0) out.push({ role: 'user', content: text });
    }
  }
  return out;
}
