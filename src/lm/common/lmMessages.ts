// VS Code's language-model messages, as plain data (src/lm/vscode/lmRequestMapping.ts reads them
// out of VS Code's parts), as the client's TextMessages: a system message as the system prompt,
// the assistant's tool calls with the reasoning remembered for them, and tool results, each its
// own tool message, before the user text they came with. Data parts never go as their bytes.
// VS Code's chat marks where its prompt may be cached with a data part of type `cache_control`
// after the part it closes (microsoft/vscode-copilot-chat writes it so for every provider): the
// message that part belongs to is marked, and cacheBreakpoints.ts decides whether a breakpoint goes there.
import * as l10n from '@vscode/l10n';
import type { ImageInput, TextMessage } from '../../platform/client/transports/textRequest';
import type { ToolCall } from '../../platform/client/streaming/replyPart';
import { SetupError } from '../../platform/reply/modelConnection';
import type { ReasoningMemory } from './reasoningMemory';

/** Content as VS Code gives it: text, or bytes with their media type (a LanguageModelDataPart). */
export type LmContent = { kind: 'text'; text: string } | { kind: 'data'; mimeType: string; data: Uint8Array };
export type LmPart = LmContent | { kind: 'toolCall'; id: string; name: string; input: unknown } | { kind: 'toolResult'; callId: string; content: LmContent[] };
export interface LmMessage {
  role: 'system' | 'user' | 'assistant';
  parts: LmPart[];
}

type DataContent = Extract<LmContent, { kind: 'data' }>;

/** The text of a user message that only carries the images of the tool results before it (an empty text block is refused by Messages). */
const TOOL_IMAGES_TEXT = 'The images the tools returned.';

/** VS Code's chat's cache marker (CustomDataPartMimeTypes.CacheControl, its data "ephemeral"). */
const CACHE_MARKER = 'cache_control';
const isCacheMarker = (piece: LmPart | LmContent): boolean => piece.kind === 'data' && piece.mimeType === CACHE_MARKER;
const withMark = <T extends TextMessage>(message: T, mark: boolean): T => (mark ? { ...message, cacheMark: true } : message);

const isImage = (mimeType: string) => mimeType.toLowerCase().startsWith('image/');

/** text/*, JSON and its +json dialects: read as UTF-8. */
function isTextual(mimeType: string): boolean {
  const type = (mimeType.split(';')[0] ?? '').trim().toLowerCase();
  return type.startsWith('text/') || type === 'application/json' || type.endsWith('+json');
}

/** A data part as text for the model, or the image to attach where the model takes images. */
function readData({ mimeType, data }: DataContent, acceptsImages: boolean): { text: string; image?: ImageInput } {
  // stateful_marker, thinking, …: markers Copilot leaves for its own providers (no type/subtype), not content; cache_control is read apart.
  if (!mimeType.includes('/')) return { text: '' };
  if (isTextual(mimeType)) return { text: new TextDecoder().decode(data) };
  if (!isImage(mimeType)) return { text: `[${mimeType} data omitted: ${data.byteLength} bytes]` };
  if (!acceptsImages) return { text: `[${mimeType} omitted: this model does not accept images]` };
  return { text: '', image: { mimeType, data: Buffer.from(data).toString('base64') } };
}

/** A tool result's text. Tool messages carry text only: its images join the user message after the results, named here. */
function resultText(content: readonly LmContent[], acceptsImages: boolean, images: ImageInput[]): string {
  return content
    .map((piece) => {
      if (piece.kind === 'text') return piece.text;
      const { text, image } = readData(piece, acceptsImages);
      if (!image) return text;
      images.push(image);
      return `[${piece.mimeType}: attached after the tool results]`;
    })
    .join('');
}

/**
 * An image the person attached goes only to a model that takes images; for another, the request
 * is refused with why (a SetupError). An image a tool returned becomes a note there instead: an
 * agent's turn goes on.
 */
export function toTextMessages(messages: readonly LmMessage[], memory: ReasoningMemory, acceptsImages: boolean): TextMessage[] {
  const out: TextMessage[] = [];
  for (const message of messages) {
    let text = '';
    const calls: ToolCall[] = [];
    const results: TextMessage[] = [];
    const images: ImageInput[] = [];
    /** A marker closed the message's own text (not a tool result). */
    let marked = false;
    for (const [i, part] of message.parts.entries()) {
      if (part.kind === 'text') text += part.text;
      else if (part.kind === 'toolCall') calls.push({ id: part.id, name: part.name, arguments: JSON.stringify(part.input ?? {}) });
      else if (part.kind === 'toolResult')
        results.push(
          withMark({ role: 'tool', toolCallId: part.callId, content: resultText(part.content, acceptsImages, images) }, part.content.some(isCacheMarker)),
        );
      else if (isCacheMarker(part)) {
        if (message.parts[i - 1]?.kind === 'toolResult') results[results.length - 1] = withMark(results.at(-1)!, true);
        else marked = true;
      } else {
        if (!acceptsImages && isImage(part.mimeType))
          throw new SetupError(
            l10n.t('This model does not accept images: remove the image, or pick a model that accepts images.'),
            ['selectModel'],
            'The model does not accept images',
          );
        const read = readData(part, acceptsImages);
        text += read.text;
        if (read.image) images.push(read.image);
      }
    }
    if (message.role === 'system') out.push(withMark({ role: 'system', content: text }, marked));
    else if (message.role === 'assistant') {
      const reasoning = memory.recall(calls);
      out.push(withMark({ role: 'assistant', content: text, ...(calls.length > 0 && { toolCalls: calls }), ...(reasoning && { reasoning }) }, marked));
    } else {
      // A tool result answers the call just before it: it goes first, then the text and images of the same message.
      const content = text === '' && results.length > 0 && images.length > 0 ? TOOL_IMAGES_TEXT : text;
      const sent = content !== '' || images.length > 0 || results.length === 0;
      // A mark on a message of tool results alone closes the last result.
      if (marked && !sent) results[results.length - 1] = withMark(results.at(-1)!, true);
      out.push(...results);
      if (sent) out.push(withMark({ role: 'user', content, ...(images.length > 0 && { images }) }, marked));
    }
  }
  return out;
}
