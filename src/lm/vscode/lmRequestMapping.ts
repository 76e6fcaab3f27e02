// VS Code's language-model messages as plain data for core (src/lm/common/lmMessages.ts turns
// them into the client's TextMessages): the roles, and the parts by their classes.
import * as vscode from 'vscode';
import { type LmContent, type LmMessage, type LmPart, toTextMessages } from '../common/lmMessages';
import { type ReasoningMemory } from '../common/reasoningMemory';
import { type TextMessage } from '../../platform/client/transports/textRequest';

/** LanguageModelChatMessageRole.System: in the languageModelSystem proposal, not in @types/vscode; Copilot's agent mode sends it. */
const SYSTEM_ROLE = 3;

function roleOf(role: vscode.LanguageModelChatMessageRole): LmMessage['role'] {
  if ((role as number) === SYSTEM_ROLE) return 'system';
  return role === vscode.LanguageModelChatMessageRole.Assistant ? 'assistant' : 'user';
}

/** A data part (LanguageModelDataPart, which VS Code 1.104's API does not declare yet). */
function dataOf(part: unknown): LmContent | undefined {
  const candidate = part as { mimeType?: unknown; data?: unknown } | null;
  if (typeof candidate?.mimeType !== 'string' || !(candidate.data instanceof Uint8Array)) return undefined;
  return { kind: 'data', mimeType: candidate.mimeType, data: candidate.data };
}

function resultPiece(piece: unknown): LmContent {
  if (piece instanceof vscode.LanguageModelTextPart) return { kind: 'text', text: piece.value };
  if (typeof piece === 'string') return { kind: 'text', text: piece };
  // Anything else (a prompt-tsx part) has no text of its own: its JSON is what the model can read.
  return dataOf(piece) ?? { kind: 'text', text: JSON.stringify(piece) };
}

/** Parts of other kinds (reasoning VS Code hands back, say) are not sent. */
function partOf(part: unknown): LmPart | undefined {
  if (part instanceof vscode.LanguageModelTextPart) return { kind: 'text', text: part.value };
  if (part instanceof vscode.LanguageModelToolCallPart) return { kind: 'toolCall', id: part.callId, name: part.name, input: part.input };
  if (part instanceof vscode.LanguageModelToolResultPart) return { kind: 'toolResult', callId: part.callId, content: part.content.map(resultPiece) };
  return dataOf(part);
}

/** Throws a SetupError when the person attached an image and the model does not take images. */
export function textMessagesOf(messages: readonly vscode.LanguageModelChatRequestMessage[], memory: ReasoningMemory, acceptsImages = false): TextMessage[] {
  const plain = messages.map((m): LmMessage => ({ role: roleOf(m.role), parts: m.content.flatMap((part) => partOf(part) ?? []) }));
  return toTextMessages(plain, memory, acceptsImages);
}
