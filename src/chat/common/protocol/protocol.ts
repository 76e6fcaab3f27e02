// Every message between the chat page (src/chat/page) and the extension host (src/chat/vscode):
// one table per direction, namespaced `area/verb`, each payload a zod schema. Both sides
// validate what they receive; anything unknown or malformed is dropped and logged.
import * as z from 'zod/mini';
import { buildOnce } from '../../../platform/startup/buildOnce';
import { AssistantTurnSchema, ActionSchema, ContextChipSchema, FallbackSchema, HistoryItemSchema, UserTurnSchema } from '../conversation/conversation';
import { ACTIONS, isLocalAction, type FixAction } from '../../../platform/actions/actions';
import { decodeMessage, encodeMessage, type Decoded, type MessageIn, type MessageOf } from '../../../platform/protocol/messageTable';

export type { Decoded };

// Built on first use, like every schema here (src/platform/client/catalog/schemas.ts says why): each
// message's schema the first time a message of its type is decoded.
/** A message's payload: an object of these fields. */
const payload = <S extends z.core.$ZodLooseShape>(shape: () => S) => buildOnce(() => z.object(shape()));

const id = buildOnce(() => z.string().check(z.minLength(1), z.maxLength(100)));
/** Longest message the composer may send (characters). */
export const MAX_MESSAGE_CHARS = 100_000;
const messageText = buildOnce(() => z.string().check(z.minLength(1), z.maxLength(MAX_MESSAGE_CHARS)));
/** The language word a code action carries (the page sends the fence's first word, clipped to this). */
export const MAX_LANG_CHARS = 100;
const code = payload(() => ({ code: z.string().check(z.maxLength(1_000_000)), lang: z.string().check(z.maxLength(MAX_LANG_CHARS)) }));
const file = payload(() => ({ file: z.string().check(z.minLength(1), z.maxLength(4000)) }));
/** A pasted or dropped file's bytes as base64: a little over the 20 MB an image may be. */
const MAX_ATTACHED_BASE64 = Math.ceil((20 * 1024 * 1024) / 3) * 4 + 4;

/** A message's place among its branches ("2 / 3") and the branches beside it, to move to. */
const BranchSchema = buildOnce(() =>
  z.object({ at: z.int().check(z.gte(1)), of: z.int().check(z.gte(2)), previous: z.optional(id()), next: z.optional(id()) }),
);

/**
 * An answer as its tab shows it: what its label says. A streaming one carries its text as well
 * (the page renders it at once); another's text is asked for when its tab is first opened
 * (`conversation/answer`), so that a conversation with many answers opens as fast as one without.
 */
const AnswerTabSchema = buildOnce(() =>
  z.extend(
    z.pick(AssistantTurnSchema(), { id: true, role: true, status: true, model: true, usage: true, costRub: true, firstTokenMs: true, createdAt: true }),
    {
      text: z.optional(z.string()),
    },
  ),
);
export type AnswerTab = z.output<ReturnType<typeof AnswerTabSchema>>;

/**
 * A turn as the page sees it: attached code is shown as chips, its text stays on the host (a
 * chip's schema leaves the text out). The page checks the same schema again, on the chips. An
 * answer on the path carries every answer to its message (it among them), its tabs; a message,
 * its place among its branches.
 */
const TurnViewSchema = buildOnce(() =>
  z.discriminatedUnion('role', [
    z.extend(UserTurnSchema(), { context: z.array(ContextChipSchema()), branch: z.optional(BranchSchema()) }),
    z.extend(AssistantTurnSchema(), { answers: z.optional(z.array(AnswerTabSchema()).check(z.maxLength(50))) }),
  ]),
);
export type TurnView = z.output<ReturnType<typeof TurnViewSchema>>;
export type TurnViewInput = z.input<ReturnType<typeof TurnViewSchema>>;

/**
 * What the page is sent of a conversation: its latest turns (user turns without the attached
 * code's text) and how many came before them, which the page asks for once it has painted
 * these (firstTurns.ts).
 */
export const ConversationViewSchema = buildOnce(() =>
  z.object({
    id: id(),
    title: z.string(),
    turns: z.array(TurnViewSchema()),
    earlier: z.int().check(z.gte(0)),
  }),
);

export const ModelOptionSchema = buildOnce(() =>
  z.object({
    id: z.string(),
    name: z.optional(z.string()),
    description: z.string(),
    contextLength: z.optional(z.number()),
    /** Whether the model takes images (its input modalities). */
    images: z.optional(z.boolean()),
  }),
);
/** Why the list or the current model cannot be used: said once, with the buttons that fix it. */
const ModelProblemSchema = buildOnce(() =>
  z.object({
    message: z.string(),
    /** A few words for the picker ("Service not reachable"), shown on a line of their own. */
    state: z.string().check(z.maxLength(40)),
    actions: z.array(ActionSchema()),
  }),
);
export type ModelProblem = z.infer<ReturnType<typeof ModelProblemSchema>>;
export const ModelViewSchema = buildOnce(() =>
  z.object({
    /** The model in use (settings), if any. */
    current: z.optional(z.string()),
    /** Usable text models, the same filtered list as the Select Model quick-pick. */
    options: z.array(ModelOptionSchema()),
    problem: z.optional(ModelProblemSchema()),
    loading: z.boolean(),
  }),
);
export type ModelView = z.infer<ReturnType<typeof ModelViewSchema>>;

const SessionStateSchema = buildOnce(() =>
  z.object({
    conversation: ConversationViewSchema(),
    history: z.array(HistoryItemSchema()),
    /** How many conversation files could not be read and were moved aside: the history list says so once. */
    unreadable: z.optional(z.int().check(z.gte(1))),
    context: z.array(ContextChipSchema()),
    model: ModelViewSchema(),
    busy: z.boolean(),
  }),
);

/** A slash command as the pages show it (slashCommands.ts), worded by the host in the display language. */
const SlashCommandViewSchema = buildOnce(() =>
  z.object({
    name: z.string().check(z.regex(/^[a-z]+$/), z.maxLength(40)),
    /** A sentence the empty chat says of it. */
    description: z.string().check(z.maxLength(500)),
    /** Its part of the message box's placeholder. */
    placeholder: z.string().check(z.maxLength(500)),
  }),
);
export type SlashCommandView = z.infer<ReturnType<typeof SlashCommandViewSchema>>;

/**
 * The page's first message: the state, and the language to speak. `l10n` is the bundle VS Code
 * loaded for its display language (empty in English), `language` that language ("en", "ru"),
 * which numbers, money and dates are formatted in.
 */
const SessionInitSchema = buildOnce(() =>
  z.extend(SessionStateSchema(), {
    l10n: z.record(z.string(), z.string()),
    language: z.string().check(z.minLength(1), z.maxLength(35)),
    /** The titles of the commands the empty chat names, as the Command Palette shows them in that language. */
    commandTitles: z.object({ explainSelection: z.string(), addSelectionToChat: z.string() }),
    /** The chat's slash commands, which the empty chat and the message box's placeholder name. */
    slashCommands: z.array(SlashCommandViewSchema()).check(z.maxLength(50)),
  }),
);

/** RUB, never negative. */
const rub = buildOnce(() => z.number().check(z.gte(0)));
/**
 * The price of sending the message being typed (draftPrice.ts): its input, the most its answer can
 * cost where anything bounds it, and the input in the request's parts.
 */
const DraftEstimateSchema = buildOnce(() =>
  z.object({
    sendRub: rub(),
    answerUpToRub: z.optional(rub()),
    parts: z.object({ history: rub(), attachments: rub(), instructions: rub(), message: rub() }),
  }),
);
export type DraftEstimate = z.infer<ReturnType<typeof DraftEstimateSchema>>;
/** Numbers the page's drafts, so that an older draft's answer arriving late is passed over. */
const draftSeq = buildOnce(() => z.int().check(z.gte(0)));

const turnText = payload(() => ({ turnId: id(), text: z.string() }));
const empty = payload(() => ({}));

/** Host -> page. */
export const ToPageSchemas = {
  'session/init': SessionInitSchema,
  'conversation/show': payload(() => ({ conversation: ConversationViewSchema(), busy: z.boolean() })),
  'history/set': payload(() => ({ items: z.array(HistoryItemSchema()), activeId: z.string(), unreadable: z.optional(z.int().check(z.gte(1))) })),
  /** The conversations whose title or text holds `query`, which the history list searched for. */
  'history/found': payload(() => ({ query: z.string(), items: z.array(HistoryItemSchema()) })),
  'context/set': payload(() => ({ chips: z.array(ContextChipSchema()) })),
  'model/set': payload(() => ({ model: ModelViewSchema() })),
  /** The turns before `before` of the open conversation `id`, which the page asked for. */
  'conversation/earlier': payload(() => ({ id: id(), before: id(), turns: z.array(TurnViewSchema()) })),
  /** An answer of the open conversation `id` off the path, whose tab the page opened (it asked). */
  'conversation/answer': payload(() => ({ id: id(), turn: AssistantTurnSchema() })),
  'turn/append': payload(() => ({ turn: TurnViewSchema() })),
  'turn/remove': payload(() => ({ turnId: id() })),
  /** The model answering a streaming turn, once the request goes out: the turn is labelled with it (and `fallback` says whom it stands in for). */
  'reply/model': payload(() => ({ turnId: id(), model: z.string().check(z.maxLength(200)), fallback: z.optional(FallbackSchema()) })),
  'reply/delta': turnText,
  /** `busy`: the host still answers (other answers to the same message still stream), so Stop stays and Send waits. */
  'reply/end': payload(() => ({ turn: AssistantTurnSchema(), busy: z.optional(z.boolean()) })),
  /** Nothing arrives yet because the client waits `seconds` before trying again; `text` says why. */
  'reply/wait': payload(() => ({ turnId: id(), text: z.string(), seconds: z.int().check(z.gte(0)) })),
  /** The notice above an answer, with the buttons that fix what it says. */
  'reply/notice': payload(() => ({ turnId: id(), text: z.string(), actions: z.optional(z.array(ActionSchema())) })),
  'reply/reasoning': turnText,
  'notice/show': payload(() => ({ message: z.string(), level: z.enum(['info', 'warning']) })),
  /** Puts text in the composer (the message being edited). */
  'composer/fill': payload(() => ({ text: z.string() })),
  /** The `#` picker closed: `count` files were attached from it. */
  'context/picked': payload(() => ({ count: z.int().check(z.gte(0)) })),
  /** The price of sending the draft `seq`; none without prices or with nothing to send. */
  'composer/estimate': payload(() => ({ seq: draftSeq(), estimate: z.optional(DraftEstimateSchema()) })),
  /** The project's instructions sent with every message (workspace-relative path), or none. */
  'instructions/set': payload(() => ({ path: z.optional(z.string().check(z.maxLength(4000))) })),
} as const;

const chatText = payload(() => ({ text: messageText() }));
const byId = payload(() => ({ id: id() }));

/** Page -> host. */
export const ToHostSchemas = {
  ready: empty,
  'chat/send': chatText,
  'chat/stop': empty,
  /** `anyway`: the answer held back by the key's budget or the request's price is asked for without that check. */
  'chat/retry': payload(() => ({ anyway: z.optional(z.literal(true)) })),
  'chat/regenerate': empty,
  /** Sends the user message `turnId` again as `text`: a new branch from there. */
  'chat/edit': payload(() => ({ turnId: id(), text: messageText() })),
  /** Shows the path through the turn `id`: Continue With This Answer, a branch's arrows. */
  'chat/choose': byId,
  /** Ask Another Model about the message the answer `id` answers: the host asks which models. */
  'chat/askOthers': byId,
  /** What the message box holds, to be priced (composer/estimate): sent as it changes, and when what it goes with does; `editing`, the message it would replace. */
  'composer/draft': payload(() => ({ text: z.string().check(z.maxLength(MAX_MESSAGE_CHARS)), seq: draftSeq(), editing: z.optional(id()) })),
  'chat/new': empty,
  /** The turns of the open conversation `id` before the turn `before`, the first the page was sent. */
  'conversation/earlier': payload(() => ({ id: id(), before: id() })),
  /** The answer `answerId` of the open conversation `id`, whose tab was first opened: its tab carries no text. */
  'conversation/answer': payload(() => ({ id: id(), answerId: id() })),
  'history/open': byId,
  'history/rename': byId,
  'history/delete': byId,
  /** Searches the history's titles and text as the person types. */
  'history/search': payload(() => ({ query: z.string().check(z.maxLength(200)) })),
  'history/export': byId,
  /** Shows the folder the conversation files that could not be read were moved to. */
  'history/showUnreadable': empty,
  'context/addSelection': empty,
  'context/addFile': empty,
  'context/remove': byId,
  /** Opens the workspace file picker: `hash` when `#` was typed in the message box, `button` from Attach. */
  'context/pick': payload(() => ({ from: z.enum(['hash', 'button']) })),
  /** Files pasted or dropped from outside VS Code: their name and bytes (base64), an image or a text file. */
  'context/addBytes': payload(() => ({
    name: z.string().check(z.maxLength(500)),
    data: z.string().check(z.minLength(1), z.maxLength(MAX_ATTACHED_BASE64)),
  })),
  /** Files dropped from the Explorer (their URIs). */
  'context/addUris': payload(() => ({ uris: z.array(z.string().check(z.minLength(1), z.maxLength(8000))).check(z.maxLength(100)) })),
  'instructions/open': empty,
  'model/select': payload(() => ({ modelId: z.string().check(z.minLength(1), z.maxLength(200)) })),
  'model/refresh': empty,
  'code/copy': code,
  'code/insert': code,
  'code/apply': code,
  'code/newFile': code,
  'link/open': payload(() => ({ href: z.string().check(z.minLength(1), z.maxLength(4000)) })),
  'error/action': payload(() => ({ action: z.enum(ACTIONS.filter((action): action is FixAction => !isLocalAction(action))) })),
  'clipboard/copy': payload(() => ({ text: z.string().check(z.maxLength(4000)) })),
  /** Open or reveal an image of the open conversation (the host checks it is one). */
  'image/open': file,
  'image/reveal': file,
} as const;

/**
 * `message` with every image of its turns given the address its page loads it from (`src`):
 * each page (view, panel) has its own, and none is ever stored.
 */
export function withImageSources(message: ToPageInput, src: (file: string) => string): ToPageInput {
  const chip = <C extends { kind: string; file?: string }>(c: C): C => (c.kind === 'image' && c.file ? { ...c, src: src(c.file) } : c);
  const turn = <T extends { role: string }>(t: T): T => {
    if (t.role === 'assistant' && 'images' in t && Array.isArray(t.images))
      return { ...t, images: t.images.map((image: { file: string }) => ({ ...image, src: src(image.file) })) };
    if (t.role === 'user' && 'context' in t && Array.isArray(t.context)) return { ...t, context: t.context.map(chip) };
    return t;
  };
  switch (message.type) {
    case 'session/init':
      return { ...message, context: message.context.map(chip), conversation: { ...message.conversation, turns: message.conversation.turns.map(turn) } };
    case 'context/set':
      return { ...message, chips: message.chips.map(chip) };
    case 'conversation/show':
      return { ...message, conversation: { ...message.conversation, turns: message.conversation.turns.map(turn) } };
    case 'conversation/earlier':
      return { ...message, turns: message.turns.map(turn) };
    case 'turn/append':
    case 'reply/end':
    case 'conversation/answer':
      return { ...message, turn: turn(message.turn) } as ToPageInput;
    default:
      return message;
  }
}

/** What the page receives (after validation). */
export type ToPage = MessageOf<typeof ToPageSchemas>;
/** What the host posts (before validation strips what the page must not see). */
export type ToPageInput = MessageIn<typeof ToPageSchemas>;
export type ToHost = MessageOf<typeof ToHostSchemas>;
export type ConversationView = z.output<ReturnType<typeof ConversationViewSchema>>;
export type ConversationViewInput = z.input<ReturnType<typeof ConversationViewSchema>>;
export type SessionStateInput = z.input<ReturnType<typeof SessionStateSchema>>;

export function decodeToHost(raw: unknown): Decoded<ToHost> {
  return decodeMessage(ToHostSchemas, raw);
}

/** Checks an outgoing message and strips what the page must not get (the text of attached code). */
export function encodeToPage(message: ToPageInput): ToPage {
  return encodeMessage(ToPageSchemas, message, 'the chat page');
}

export function decodeToPage(raw: unknown): Decoded<ToPage> {
  return decodeMessage(ToPageSchemas, raw);
}
