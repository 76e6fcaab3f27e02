// The open conversation of a window, apart from asking: which one is open, reading it when the
// history is read, following what other windows store of it, storing it, and telling every open
// page what changed. ChatSession (chatSession.ts) asks and answers in it.
import { answerIn, conversationView, turnsBefore, turnViews } from '../protocol/firstTurns';
import type { SessionStateInput, TurnViewInput } from '../protocol/protocol';
import type { ChatSessionDeps } from './sessionDeps';
import { newConversation, type AssistantTurn, type ContextItem, type Conversation, type Turn } from '../conversation/conversation';
import { placeTree } from '../conversation/conversationTree';
import { adoptedTree, type Saved } from './elsewhereChanges';
import { PendingContext } from './pendingContext';
import { StreamedReply } from './streamedReply';

export class OpenConversation {
  protected conversation: Conversation;
  protected readonly context: PendingContext;
  protected readonly streaming = new StreamedReply();

  /** Resolves once the history is read and the conversation open in this window shown. */
  readonly loaded: Promise<void>;
  /** Whether `loaded` has resolved: a page's first state is then sent at once. */
  isLoaded = false;
  /** Set once the person moved to another conversation: the one loaded late does not replace it. */
  protected moved = false;
  /** Conversations another window changed while they were answered here: looked at again when the answer ends. */
  protected readonly changedWhileAnswering = new Set<string>();

  constructor(protected readonly deps: ChatSessionDeps) {
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
  protected async changedElsewhere(ids: ReadonlySet<string>): Promise<void> {
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
  protected adopt(stored: Conversation): void {
    const tree = adoptedTree(this.conversation, stored);
    this.conversation.title = stored.title;
    if (!tree) return;
    placeTree(this.conversation, tree);
    this.postConversation();
  }

  get busy(): boolean {
    return this.streaming.busy;
  }

  /** The open conversation (a copy). */
  current(): Conversation {
    return structuredClone(this.conversation);
  }

  /** The turns of the path shown, as they are (not a copy): read, never changed. */
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
  earlierTurns(id: string, before: string): TurnViewInput[] | undefined {
    const turns = id === this.conversation.id ? turnsBefore(this.conversation.turns, before) : undefined;
    return turns && turnViews(this.conversation, turns);
  }

  /** The answer `answerId` of the conversation `id`, if it is the open one and has it: what a tab the page opened shows. */
  answer(id: string, answerId: string): AssistantTurn | undefined {
    return id === this.conversation.id ? answerIn(this.conversation, answerId) : undefined;
  }

  /** Resolves when the reply being streamed (if any) has ended. */
  settled(): Promise<void> {
    return this.streaming.settled();
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

  protected removeTurn(id: string): void {
    this.conversation.turns = this.conversation.turns.filter((t) => t.id !== id);
    this.deps.post({ type: 'turn/remove', turnId: id });
  }

  /** Stores the conversation; resolves with what the store says of it. */
  protected async persist(conversation: Conversation): Promise<Saved> {
    const saved = await this.deps.store.save(conversation);
    if (this.conversation === conversation) await this.deps.store.setActive(conversation.id);
    this.postHistory();
    return saved;
  }

  /** Stores the conversation as an answer ends; a failure is reported, and resolves with nothing. */
  protected persistReported(conversation: Conversation): Promise<Saved> {
    return this.persist(conversation).catch((error: unknown) => {
      this.deps.reportFailure?.('The conversation could not be saved', error);
      return undefined;
    });
  }

  protected postConversation(): void {
    this.deps.post({ type: 'conversation/show', conversation: conversationView(this.conversation), busy: this.busy });
  }

  protected postContext(): void {
    this.deps.post({ type: 'context/set', chips: [...this.context.current] });
  }

  protected postHistory(): void {
    this.deps.post({ type: 'history/set', items: this.deps.store.list(), activeId: this.conversation.id, ...this.unreadable() });
  }

  /** How many conversation files could not be read, for the history list, when there are any. */
  private unreadable(): { unreadable?: number } {
    const count = this.deps.store.unreadable?.().count ?? 0;
    return count > 0 ? { unreadable: count } : {};
  }
}
