// The chat controller: one per window, shared by every open chat page (the view and the
// editor panels). It owns the open conversation and the context chips, drives the
// ServiceClient's stream, and tells the pages what changed through `post`. Plain TS: the
// unit tests run it in Node against the emulator.
import * as l10n from '@vscode/l10n';
import { conversationView, turnsBefore } from '../protocol/firstTurns';
import type { SessionStateInput, ToPageInput } from '../protocol/protocol';
import type { ChatSessionDeps } from './sessionDeps';
import { checkExplainable, explainTitle } from './explainPrompt';
import {
  newConversation,
  newId,
  titleFrom,
  UNTITLED,
  type AssistantTurn,
  type ContextItem,
  type Conversation,
  type Turn,
  type UserTurn,
} from '../conversation/conversation';
import { answererOf, busyMessage, commandTurn, grownNotice, userTurn, type SendResult } from './askedTurns';
import { adoptedTurns, deletedElsewhere, markKept, tellKept, type Saved } from './elsewhereChanges';
import { PendingContext } from './pendingContext';
import { StreamedReply } from './streamedReply';

export class ChatSession {
  private conversation: Conversation;
  private readonly context: PendingContext;
  private readonly streaming = new StreamedReply();

  /** Resolves once the history is read and the conversation open in this window shown. */
  readonly loaded: Promise<void>;
  /** Whether `loaded` has resolved: a page's first state is then sent at once. */
  isLoaded = false;
  /** Set once the person moved to another conversation: the one loaded late does not replace it. */
  private moved = false;
  /** Conversations another window changed while they were answered here: looked at again when the answer ends. */
  private readonly changedWhileAnswering = new Set<string>();

  constructor(private readonly deps: ChatSessionDeps) {
    this.conversation = newConversation();
    this.context = new PendingContext({ ...deps, discardImage: (file) => void deps.store.discardImage(file) });
    this.loaded = this.loadActive().finally(() => (this.isLoaded = true));
    deps.store.onDidChange((ids) => void this.changedElsewhere(ids));
  }

  private async loadActive(): Promise<void> {
    await this.deps.store.load();
    const activeId = this.deps.store.activeId();
    const found = activeId ? await this.deps.store.get(activeId, { atStart: true }) : undefined;
    if (found && !this.moved && this.conversation.turns.length === 0) {
      this.conversation = found;
      this.postConversation();
    }
    this.postHistory();
  }

  /** Another window changed conversations: the list follows, and the open one when nothing streams into it here. */
  private async changedElsewhere(ids: ReadonlySet<string>): Promise<void> {
    const open = this.conversation;
    if (ids.has(open.id) && this.busy) this.changedWhileAnswering.add(open.id);
    if (ids.has(open.id) && !this.busy) {
      const stored = await this.deps.store.get(open.id);
      if (!stored) return this.newConversation();
      if (this.conversation === open && !this.busy) this.adopt(stored);
    }
    this.postHistory();
  }

  /** Takes the stored turns and name of the open conversation, keeping this window's own turn objects (one may be streaming). */
  private adopt(stored: Conversation): void {
    const turns = adoptedTurns(this.conversation.turns, stored.turns);
    this.conversation.title = stored.title;
    if (!turns) return;
    this.conversation.turns = turns;
    this.postConversation();
  }

  get busy(): boolean {
    return this.streaming.busy;
  }

  /** The open conversation (a copy). */
  current(): Conversation {
    return structuredClone(this.conversation);
  }

  /** The open conversation's turns, as they are (not a copy): read, never changed. */
  turns(): readonly Turn[] {
    return this.conversation.turns;
  }

  pendingContext(): readonly ContextItem[] {
    return this.context.current;
  }

  state(model: SessionStateInput['model']): SessionStateInput {
    return {
      conversation: conversationView(this.conversation),
      history: this.deps.store.list(),
      ...this.unreadable(),
      context: [...this.context.current],
      model,
      busy: this.busy,
    };
  }

  /**
   * The turns before the turn `before` of the conversation `id`, if it is the open one and has
   * that turn: what the page was not sent first (conversationView).
   */
  earlierTurns(id: string, before: string): Turn[] | undefined {
    return id === this.conversation.id ? turnsBefore(this.conversation.turns, before) : undefined;
  }

  /** Resolves when the reply being streamed (if any) has ended. */
  settled(): Promise<void> {
    return this.streaming.settled();
  }

  /** Adds code, a file or an image to the next message; refuses what would make it too large. */
  addContext(item: ContextItem): SendResult {
    const added = this.context.add(item);
    if (added.ok) this.postContext();
    return added;
  }

  removeContext(id: string): void {
    this.context.remove(id);
    this.postContext();
  }

  /** Sends `text` with the pending context; resolves when the reply has ended. */
  async send(text: string): Promise<SendResult> {
    if (!this.isLoaded) await this.loaded;
    if (this.busy) return Promise.resolve({ ok: false, message: busyMessage() });
    if (text.trim() === '') return Promise.resolve({ ok: false, message: l10n.t('Type a message first.') });
    const command = commandTurn(text);
    if (command) return command.ok ? this.ask(command.turn) : command;
    // A message without files or images starts at once: Stop right after Send finds its answer.
    const checked = this.context.needsCheck ? await this.context.check() : { ok: true as const, items: [...this.context.current] };
    if (!checked.ok) return checked;
    if (this.busy) return { ok: false, message: busyMessage() };
    this.context.take();
    this.postContext();
    return this.ask(userTurn(text, 'chat', checked.items));
  }

  /** Explain Selection: a message over one piece of code, answered like any other. */
  async explain(item: ContextItem): Promise<SendResult> {
    if (!this.isLoaded) await this.loaded;
    if (this.busy) return Promise.resolve({ ok: false, message: busyMessage() });
    const check = checkExplainable(item);
    if (!check.ok) return Promise.resolve(check);
    return this.ask(userTurn(explainTitle(item), 'explain', [item]));
  }

  /** Aborts the reply being streamed; its partial text is kept, marked stopped. */
  stop(): void {
    this.streaming.stop();
  }

  /**
   * Asks again for the last user message after a failure. A failed turn (no text) is
   * replaced; an interrupted one stays in view as it was, and the new answer follows it.
   * `anyway`: Send Anyway (or Send) on a card of the key's budget or the request's price.
   */
  async retry(anyway = false): Promise<SendResult> {
    if (!this.isLoaded) await this.loaded;
    const last = this.conversation.turns.at(-1);
    if (this.busy) return Promise.resolve({ ok: false, message: busyMessage() });
    // Only the last answer is retried (a card of an older one is stale): a new one would be charged.
    if (last?.role === 'assistant' && last.status === 'done')
      return Promise.resolve({ ok: false, message: l10n.t('The last answer is complete: use Regenerate for another one.') });
    if (last?.role === 'assistant' && last.status === 'failed') this.removeTurn(last.id);
    return this.answerLast(anyway);
  }

  /** A new answer to the last user message, replacing the last answer. */
  async regenerate(): Promise<SendResult> {
    if (!this.isLoaded) await this.loaded;
    if (this.busy) return Promise.resolve({ ok: false, message: busyMessage() });
    const last = this.conversation.turns.at(-1);
    if (last?.role === 'assistant' && last.status !== 'interrupted') this.removeTurn(last.id);
    return this.answerLast();
  }

  /** Replaces the last user message (and what answered it) with `text`, keeping its context. */
  async editLast(text: string): Promise<SendResult> {
    if (!this.isLoaded) await this.loaded;
    if (this.busy) return Promise.resolve({ ok: false, message: busyMessage() });
    const turns = this.conversation.turns;
    const last = turns.filter((t) => t.role === 'user').at(-1);
    if (!last) return this.send(text);
    // Edited into (or out of) a slash command, it is asked as what it now says.
    const command = commandTurn(text);
    if (command?.ok === false) return command;
    this.conversation.turns = turns.slice(0, turns.indexOf(last));
    this.postConversation();
    return this.ask(command?.turn ?? userTurn(text, 'chat', last.context));
  }

  newConversation(): void {
    this.moved = true;
    this.streaming.leave();
    this.conversation = newConversation();
    this.context.clear();
    void this.deps.store.setActive(undefined);
    this.postConversation();
    this.postContext();
    this.postHistory();
  }

  async open(id: string): Promise<boolean> {
    if (!this.isLoaded) await this.loaded;
    // The open one (its stored copy may be older than what is streaming): shown again, as it is.
    if (id === this.conversation.id) {
      this.postConversation();
      this.postHistory();
      return true;
    }
    const found = await this.deps.store.get(id);
    if (!found) return false;
    this.moved = true;
    this.streaming.leave();
    this.conversation = found;
    void this.deps.store.setActive(id);
    this.postConversation();
    this.postHistory();
    return true;
  }

  async rename(id: string, title: string): Promise<void> {
    await this.deps.store.rename(id, title);
    if (this.conversation.id === id) {
      this.conversation.title = this.deps.store.list().find((item) => item.id === id)?.title ?? this.conversation.title;
    }
    this.postHistory();
  }

  async delete(id: string): Promise<void> {
    await this.deps.store.delete(id);
    if (this.conversation.id === id) this.newConversation();
    else this.postHistory();
  }

  private ask(turn: UserTurn): Promise<SendResult> {
    if (this.conversation.turns.length === 0 || this.conversation.title === UNTITLED) {
      this.conversation.title = titleFrom(turn.text);
    }
    this.conversation.turns.push(turn);
    this.deps.post({ type: 'turn/append', turn });
    return this.answerLast();
  }

  private answerLast(anyway = false): Promise<SendResult> {
    if (!this.conversation.turns.some((t) => t.role === 'user')) return Promise.resolve({ ok: false, message: l10n.t('Send a message first.') });
    const reply: AssistantTurn = { id: newId('a'), role: 'assistant', text: '', status: 'streaming', createdAt: new Date().toISOString() };
    const conversation = this.conversation;
    const asked = [...conversation.turns];
    conversation.turns.push(reply);
    conversation.updatedAt = reply.createdAt;
    void this.persist(conversation);
    this.deps.post({ type: 'turn/append', turn: reply });
    const ask = asked.filter((t) => t.role === 'user').at(-1)!;
    const show = (message: ToPageInput) => {
      if (this.conversation === conversation) this.deps.post(message);
    };
    const { answer: answerer, argument } = answererOf(ask);
    const answer = async (signal: AbortSignal) => {
      await answerer({ asked, ask, argument, reply, signal, show, anyway }, this.deps);
      await this.end(conversation, reply, signal);
    };
    return this.streaming.start(answer).then(() => ({ ok: true }));
  }

  private async end(conversation: Conversation, reply: AssistantTurn, signal: AbortSignal): Promise<void> {
    const answeredId = conversation.id;
    conversation.updatedAt = new Date().toISOString();
    // Stored before it is shown as ended: an answer the page shows as finished is restored as
    // finished by a reload that follows at once (a save after the end, awaited by nothing a
    // reload waits for, is lost when the window goes first).
    let saved = await this.persistReported(conversation);
    // Another window deleted it while it was answered here: it is kept here as a new one.
    const kept = deletedElsewhere(saved);
    if (kept) {
      markKept(conversation);
      saved = await this.persistReported(conversation);
    }
    this.streaming.end(signal);
    const recheck = this.changedWhileAnswering.delete(answeredId) && !kept;
    if (kept) tellKept(conversation, answeredId, this.deps, (id) => this.delete(id));
    if (this.conversation !== conversation) return;
    this.deps.post({ type: 'reply/end', turn: reply });
    // The page shows it again under its new id (it asks for earlier turns by id).
    if (kept) this.postConversation();
    const stored = saved !== undefined && 'bytes' in saved ? saved : undefined;
    // Another window added to it meanwhile: both windows' turns are kept, and shown here.
    if (stored?.merged) this.adopt(stored.merged);
    // Another window deleted it after this answer was stored: it is left here too, as when idle.
    if (recheck) await this.changedElsewhere(new Set([answeredId]));
    if (this.conversation === conversation && (stored?.bytes ?? 0) > (this.deps.maxConversationBytes ?? Infinity)) {
      this.newConversation();
      this.deps.post(grownNotice(this.deps.maxConversationBytes!));
    }
  }

  private removeTurn(id: string): void {
    this.conversation.turns = this.conversation.turns.filter((t) => t.id !== id);
    this.deps.post({ type: 'turn/remove', turnId: id });
  }

  /** Stores the conversation; resolves with what the store says of it. */
  private async persist(conversation: Conversation): Promise<Saved> {
    const saved = await this.deps.store.save(conversation);
    if (this.conversation === conversation) await this.deps.store.setActive(conversation.id);
    this.postHistory();
    return saved;
  }

  /** Stores the conversation as an answer ends; a failure is reported, and resolves with nothing. */
  private persistReported(conversation: Conversation): Promise<Saved> {
    return this.persist(conversation).catch((error: unknown) => {
      this.deps.reportFailure?.('The conversation could not be saved', error);
      return undefined;
    });
  }

  private postConversation(): void {
    this.deps.post({ type: 'conversation/show', conversation: conversationView(this.conversation), busy: this.busy });
  }

  private postContext(): void {
    this.deps.post({ type: 'context/set', chips: [...this.context.current] });
  }

  private postHistory(): void {
    this.deps.post({ type: 'history/set', items: this.deps.store.list(), activeId: this.conversation.id, ...this.unreadable() });
  }

  /** How many conversation files could not be read, for the history list, when there are any. */
  private unreadable(): { unreadable?: number } {
    const count = this.deps.store.unreadable?.().count ?? 0;
    return count > 0 ? { unreadable: count } : {};
  }
}
