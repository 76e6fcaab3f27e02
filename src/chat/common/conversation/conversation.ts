// The conversation model: what is shown, stored in globalState and turned into requests.
// zod schemas, because stored state and page messages are untrusted input when read back;
// built on first use, like the client's (src/platform/client/catalog/schemas.ts says why).
import * as z from 'zod/mini';
import { buildOnce } from '../../../platform/startup/buildOnce';
import { usageShape } from '../../../platform/client/catalog/schemas';
import { ACTIONS } from '../../../platform/actions/actions';
import { lineSpan } from '../../../platform/text/lineRange';

const id = buildOnce(() => z.string().check(z.minLength(1), z.maxLength(100)));
const isoTime = buildOnce(() => z.string().check(z.maxLength(40)));

/**
 * What `#` attaches besides files, each read again when the message is sent and its text headed
 * as quoted material: problems, the editor's problems in a file (`uri`) or the workspace;
 * changes, a Git repository's uncommitted changes (`uri`: its root); terminal, the active
 * terminal's last command and its output, or its selection; symbol, a definition (`fileName`:
 * the symbol's name, `uri`: its file). A web page (`url`) is read again and headed likewise, but
 * its chip names the page rather than saying all it holds.
 */
export const MENTION_KINDS = ['problems', 'changes', 'terminal', 'symbol'] as const;
export type MentionKind = (typeof MENTION_KINDS)[number];

export function isMention(kind: string): kind is MentionKind {
  return (MENTION_KINDS as readonly string[]).includes(kind);
}

/** A chip's fields: ContextItemSchema adds the code's text to them. */
const contextChipShape = () => ({
  id: id(),
  /** image: a picture for a model that takes images; its bytes are a file beside the history (`file`), its text empty. */
  /** url: a web page's text, read again from its address (`uri`) when the message is sent. */
  kind: z.enum(['selection', 'file', 'image', ...MENTION_KINDS, 'url']),
  /** Base name, for the chip's label. */
  fileName: z.string().check(z.maxLength(500)),
  /** Workspace-relative path (the full path when outside the workspace). */
  path: z.string().check(z.maxLength(4000)),
  languageId: z.string().check(z.maxLength(100)),
  /** 1-based, inclusive. */
  startLine: z.int().check(z.gte(1)),
  endLine: z.int().check(z.gte(1)),
  /** A file attached from the workspace or the disk: its address, read again when the message is sent. */
  uri: z.optional(z.string().check(z.maxLength(8000))),
  /** Said on the chip: how much of a file is sent when it had to be cut; how many problems a mention found. */
  note: z.optional(z.string().check(z.maxLength(500))),
  /** An image: its stored copy (an absolute path beside the history), its type and size. */
  file: z.optional(z.string().check(z.maxLength(4000))),
  mimeType: z.optional(z.enum(['image/png', 'image/jpeg', 'image/webp', 'image/gif'])),
  bytes: z.optional(z.int().check(z.gte(0))),
  /** Where a page loads an image chip's thumbnail from (a webview resource URI): set on the way to a page, never stored. */
  src: z.optional(z.string().check(z.maxLength(8000))),
});

/** A piece of code added to a message: a selection or a whole file. */
export const ContextChipSchema = buildOnce(() => z.object(contextChipShape()));
export type ContextChip = z.infer<ReturnType<typeof ContextChipSchema>>;

/** A chip with the code it stands for (the page only ever sees the chip). */
export const ContextItemSchema = buildOnce(() => z.object({ ...contextChipShape(), text: z.string() }));
export type ContextItem = z.infer<ReturnType<typeof ContextItemSchema>>;

/** What the card's buttons do: the one action vocabulary (src/platform/actions/actions.ts). */
export const ActionSchema = buildOnce(() => z.enum(ACTIONS));

/** What the inline error card shows: what to do, the buttons that do it, and the request id to quote. */
export const ErrorCardSchema = buildOnce(() =>
  z.object({
    message: z.string(),
    actions: z.array(ActionSchema()),
    requestId: z.optional(z.string()),
    /** For 429: seconds until the service accepts a new request. */
    retryAfterSeconds: z.optional(z.number()),
  }),
);
export type ErrorCard = z.infer<ReturnType<typeof ErrorCardSchema>>;

/** An answer's token counts as the service reported them, without the fields a service adds. */
export const TurnUsageSchema = buildOnce(() => z.object(usageShape()));
export type TurnUsage = z.infer<ReturnType<typeof TurnUsageSchema>>;

/**
 * streaming: arriving; done: complete; stopped: the person stopped it (partial text kept);
 * interrupted: the stream broke after partial output (kept, never silently replaced);
 * failed: no output, an error card says why.
 */
export const ReplyStatusSchema = buildOnce(() => z.enum(['streaming', 'done', 'stopped', 'interrupted', 'failed']));

/** Where a turn stands in the conversation's tree (conversationTree.ts). */
const treeShape = () => ({
  /** The turn it follows: set on a turn off the path on screen (`others`), absent there for one that starts the conversation. */
  parentId: z.optional(id()),
  /** When the person last chose it among its siblings: the path through a fork follows the latest choice. */
  chosenAt: z.optional(isoTime()),
});

export const UserTurnSchema = buildOnce(() =>
  z.object({
    id: id(),
    role: z.literal('user'),
    text: z.string(),
    /** explain: the request is the explain prompt over context[0]; image: `/image <prompt>`, answered with images. */
    mode: z.enum(['chat', 'explain', 'image']),
    context: z.array(ContextItemSchema()),
    createdAt: isoTime(),
    ...treeShape(),
  }),
);
export type UserTurn = z.infer<ReturnType<typeof UserTurnSchema>>;

/** An image an answer made, saved in the workspace; the chat shows it from the file, never from a copy. */
export const TurnImageSchema = buildOnce(() =>
  z.object({
    /** Absolute path on this machine. */
    file: z.string().check(z.minLength(1), z.maxLength(4000)),
    /** Workspace-relative path, for the caption. */
    label: z.string().check(z.maxLength(4000)),
    /** Where the page loads it from (a webview resource URI): set on the way to a page, never stored. */
    src: z.optional(z.string().check(z.maxLength(8000))),
  }),
);
export type TurnImage = z.infer<ReturnType<typeof TurnImageSchema>>;

/** The model a fallback answer stands in for, and why (the answering model is the turn's own). */
export const FallbackSchema = buildOnce(() => z.object({ from: z.string().check(z.maxLength(200)), status: z.int().check(z.gte(400), z.lte(599)) }));
export type Fallback = z.infer<ReturnType<typeof FallbackSchema>>;

export const AssistantTurnSchema = buildOnce(() =>
  z.object({
    id: id(),
    role: z.literal('assistant'),
    text: z.string(),
    status: ReplyStatusSchema(),
    model: z.optional(z.string()),
    // Counts saved in an earlier shape are dropped, never the turn that holds them.
    usage: z.catch(z.optional(TurnUsageSchema()), undefined),
    error: z.optional(ErrorCardSchema()),
    /** What the model thought before answering, kept with the answer and shown collapsed; never part of its code. */
    reasoning: z.optional(z.string()),
    /** Approximate cost in RUB from the catalog's prices; absent when the catalog has none. */
    costRub: z.optional(z.number().check(z.gte(0))),
    /** What the input read from the cache saved against the full input price, in RUB; absent when the answer used no cache or the catalog has no prices. */
    savedRub: z.optional(z.number()),
    /** Said above the answer: what was done to the request (older messages left out), or to the answer (cut at its length limit). */
    notice: z.optional(z.string().check(z.maxLength(500))),
    /** Another model than the chosen one answered (multiModelAI.fallback): the chosen one and the HTTP status it failed with. */
    fallback: z.optional(FallbackSchema()),
    /** Buttons under the notice: what fixes what it says (the token limit's setting). */
    noticeActions: z.optional(z.array(ActionSchema()).check(z.maxLength(4))),
    /** How long the first text took to come after the request was made (ms). */
    firstTokenMs: z.optional(z.number().check(z.gte(0))),
    /** The answer to a `/image` message. */
    images: z.optional(z.array(TurnImageSchema()).check(z.maxLength(10))),
    createdAt: isoTime(),
    ...treeShape(),
  }),
);
export type AssistantTurn = z.infer<ReturnType<typeof AssistantTurnSchema>>;

export const TurnSchema = buildOnce(() => z.discriminatedUnion('role', [UserTurnSchema(), AssistantTurnSchema()]));
export type Turn = z.infer<ReturnType<typeof TurnSchema>>;

export const ConversationSchema = buildOnce(() =>
  z.object({
    id: id(),
    title: z.string().check(z.maxLength(200)),
    createdAt: isoTime(),
    updatedAt: isoTime(),
    /** The path on screen: each turn follows the one before it. */
    turns: z.array(TurnSchema()),
    /** The rest of the tree: other answers to a message, other branches, and what follows them (conversationTree.ts). */
    others: z.optional(z.array(TurnSchema())),
    /** A copy a window kept of a conversation another window deleted while this one was answering in it. */
    keptAfterDeletion: z.optional(z.boolean()),
  }),
);
export type Conversation = z.infer<ReturnType<typeof ConversationSchema>>;

export const HistoryItemSchema = buildOnce(() => z.pick(ConversationSchema(), { id: true, title: true, updatedAt: true, keptAfterDeletion: true }));
export type HistoryItem = z.infer<ReturnType<typeof HistoryItemSchema>>;

const TITLE_LENGTH = 60;
export const UNTITLED = 'New chat';

/** A conversation's title: its first message's first line, shortened. */
export function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0]?.replace(/\s+/g, ' ') ?? '';
  if (!line) return UNTITLED;
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line;
}

export function newId(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

export function newConversation(now = new Date()): Conversation {
  const time = now.toISOString();
  return { id: newId('c'), title: UNTITLED, createdAt: time, updatedAt: time, turns: [] };
}

/** "foo.ts:3-10" (or ":3" for one line). */
export function chipLabel(chip: Pick<ContextChip, 'fileName' | 'startLine' | 'endLine'>): string {
  return `${chip.fileName}:${lineSpan(chip.startLine, chip.endLine)}`;
}
